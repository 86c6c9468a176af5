import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Button from '@mui/material/Button';
import { lazy, Suspense, useId, useState } from 'react';

const loadPopover = () => import('./login-popover');
const LoginPopover = lazy(loadPopover);

/** The top bar's Log in drop-down; the form inside loads on first hover, focus or click. */
export function LoginMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [wanted, setWanted] = useState(false);
  const popoverId = useId();
  const open = anchor !== null;
  const prepare = () => {
    void loadPopover();
    setWanted(true);
  };

  return (
    <>
      <Button
        variant="outlined"
        endIcon={<ArrowDropDown />}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? popoverId : undefined}
        onPointerEnter={prepare}
        onFocus={prepare}
        onClick={(event) => {
          prepare();
          setAnchor(event.currentTarget);
        }}
        sx={{ flexShrink: 0, pr: { xs: 1, sm: 1.5 } }}
      >
        Log in
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <LoginPopover id={popoverId} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
