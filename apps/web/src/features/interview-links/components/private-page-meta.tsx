/**
 * A page opened by a link's token: search engines do not index it and the browser sends no
 * address of it to another site (a video call's, say), so the token stays with its holder. The
 * server sends the same as headers; these hold where the page was reached inside the app.
 */
export function PrivatePageMeta() {
  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="no-referrer" />
    </>
  );
}
