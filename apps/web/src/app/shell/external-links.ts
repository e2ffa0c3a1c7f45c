/**
 * The user menu's links that leave the app. Each installation points them at its own help center and
 * changelog (VITE_HELP_CENTER_URL, VITE_CHANGELOG_URL at build time); an unset one is not offered
 * rather than sent somewhere made up.
 */
export interface ExternalLink {
  label: string;
  href: string;
}

const configured = (label: string, href: string | undefined): ExternalLink[] => (href ? [{ label, href }] : []);

/** The installation's help center; the help panels link to their articles below it. */
export const HELP_CENTER_URL = import.meta.env.VITE_HELP_CENTER_URL as string | undefined;

export const EXTERNAL_LINKS: readonly ExternalLink[] = [
  { label: 'API documentation', href: '/api/docs' },
  ...configured('Help center', HELP_CENTER_URL),
  ...configured('Changelog', import.meta.env.VITE_CHANGELOG_URL as string | undefined),
];
