// The Okabe-Ito colours: told apart by readers with any common colour-vision deficiency, each
// with at least 3:1 contrast on white for the bars used here.
export const chartColors = {
  primary: '#0072B2',
  secondary: '#D55E00',
  tertiary: '#009E73',
  quaternary: '#CC79A7',
} as const;
