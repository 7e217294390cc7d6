/** The link a friend opens: the server's registration path on this site's origin. */
export function referralLink(registerPath: string, origin: string = window.location.origin): string {
  return new URL(registerPath, origin).toString();
}
