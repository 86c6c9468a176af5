import Button, { type ButtonProps } from '@mui/material/Button';
import { forwardRef, useRef, type ChangeEvent } from 'react';

/**
 * A button that opens the file picker. The input stays in the page (hidden) so that a test
 * can set its files; the button is what people and keyboards use.
 */
export const FilePickerButton = forwardRef<
  HTMLButtonElement,
  Omit<ButtonProps, 'onClick'> & {
    accept: string;
    /** Names the hidden input ("Identity document file"). */
    inputLabel: string;
    inputName: string;
    onFile: (file: File) => void;
  }
>(function FilePickerButton({ accept, inputLabel, inputName, onFile, ...button }, ref) {
  const input = useRef<HTMLInputElement>(null);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still counts as a change.
    event.target.value = '';
    if (file) onFile(file);
  };
  return (
    <>
      <Button ref={ref} {...button} onClick={() => input.current?.click()} />
      <input
        ref={input}
        type="file"
        hidden
        accept={accept}
        name={inputName}
        aria-label={inputLabel}
        onChange={onChange}
      />
    </>
  );
});
