import { useParams } from 'react-router';

import { ListingView, useListing } from '../../features/listings';
import { parseRouteId, RemotePage } from '../remote-page';

/** /listings/{id}: a public list of opportunities an organization curates. */
export default function ListingPage() {
  const id = parseRouteId(useParams().id);
  return (
    <RemotePage
      query={useListing(id)}
      invalid={id === null}
      what="listing"
      title={(listing) => listing.name}
    >
      {(listing) => <ListingView listing={listing} />}
    </RemotePage>
  );
}
