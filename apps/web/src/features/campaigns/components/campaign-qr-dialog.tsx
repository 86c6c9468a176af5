import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';

/**
 * A QR code of a campaign's public link, big enough to print on a poster, with a PNG to
 * download. The QR library is fetched only when a code is first shown.
 */
export function CampaignQrDialog({
  name,
  slug,
  url,
  onClose,
}: {
  name: string;
  slug: string;
  url: string;
  onClose: () => void;
}) {
  const titleId = useId();
  const [png, setPng] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    import('qrcode')
      .then((qrcode) =>
        // 1024 px with a quiet zone of 4 modules: sharp when printed at A4.
        qrcode.toDataURL(url, { width: 1024, margin: 4, errorCorrectionLevel: 'M' }),
      )
      .then((data) => {
        if (current) setPng(data);
      })
      .catch(() => {
        if (current) setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [url]);

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>QR code of {name}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          A phone's camera opens {url}
        </Typography>
        <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
          {png ? (
            <Box
              component="img"
              src={png}
              alt={`QR code of ${url}`}
              sx={{ width: '100%', maxWidth: 280, height: 'auto', imageRendering: 'pixelated' }}
            />
          ) : failed ? (
            <Alert severity="error">The QR code could not be made. Please try again.</Alert>
          ) : (
            <CircularProgress aria-label="Making the QR code" />
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button
          variant="contained"
          startIcon={<Download />}
          disabled={!png}
          {...(png ? { href: png, download: `${slug}-qr-code.png` } : {})}
        >
          Download QR code
        </Button>
      </DialogActions>
    </Dialog>
  );
}
