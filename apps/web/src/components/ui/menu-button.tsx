import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState, type ReactNode } from 'react';

export interface MenuChoice {
  key: string | number;
  label: ReactNode;
  onChoose: () => void;
}

/**
 * A small outlined button that opens a menu of choices; choosing one closes the menu first, so
 * a dialog the choice opens takes the focus. The menu is wired to its button for screen readers.
 */
export function MenuButton({
  id,
  label,
  disabled,
  choices,
}: {
  /** The menu's id, unique on the page. */
  id: string;
  label: ReactNode;
  disabled?: boolean;
  choices: readonly MenuChoice[];
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        disabled={disabled}
        endIcon={<ArrowDropDown />}
        aria-haspopup="menu"
        aria-controls={anchor ? id : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {label}
      </Button>
      <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {choices.map((choice) => (
          <MenuItem
            key={choice.key}
            onClick={() => {
              setAnchor(null);
              choice.onChoose();
            }}
          >
            {choice.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
