/** "219 Oxford Road, Polokwane" stays as it is; the city is added when the address lacks it. */
export function locationLine(location: {
  address: string;
  city: string | null;
  province: string | null;
}): string {
  const parts = [location.address];
  if (location.city && !location.address.toLowerCase().includes(location.city.toLowerCase())) {
    parts.push(location.city);
  }
  if (location.province) parts.push(location.province);
  return parts.join(', ');
}
