// A planted feature that passes its repository on, in every way the lint refuses.
export const findLeaky = (): number => 2;
export const countLeaky = (): number => 3;
