import Avatar from '@mui/material/Avatar';

/** Up to two initials: "Indlovu Bank" -> "IB". */
export function initials(name: string): string {
  const words = name.split(/\s+/).filter((w) => /^[\p{L}\p{N}]/u.test(w));
  return words
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

/** An organization's logo, or its initials on the secondary colour when it has none. */
export function OrganizationLogo({
  name,
  logo,
  size = 56,
}: {
  name: string;
  logo: string | null;
  size?: number;
}) {
  return logo ? (
    <Avatar
      src={logo}
      alt=""
      variant="rounded"
      // Sized so the page does not move when it arrives, and fetched only near the viewport.
      slotProps={{ img: { loading: 'lazy', width: size, height: size } }}
      sx={{ width: size, height: size, bgcolor: '#fff', border: 1, borderColor: 'divider' }}
    />
  ) : (
    <Avatar
      variant="rounded"
      aria-hidden
      sx={{
        width: size,
        height: size,
        bgcolor: 'secondary.main',
        color: 'secondary.contrastText',
        fontWeight: 700,
        fontSize: size * 0.38,
      }}
    >
      {initials(name)}
    </Avatar>
  );
}
