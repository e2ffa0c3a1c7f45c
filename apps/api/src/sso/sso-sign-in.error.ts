/** A single sign-on that cannot finish: the browser goes back to the sign-in page with this message. */
export class SsoSignInError extends Error {}
