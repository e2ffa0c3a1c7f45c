import {
  CloseButton,
  createTheme,
  Drawer,
  Modal,
  Pagination,
  type CloseButtonProps,
  type CSSVariablesResolver,
} from '@mantine/core';

const PAGER_CONTROLS = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' };

/**
 * The one place colours are made readable (WCAG 2.1 AA: 4.5:1 for text, 3:1 for large text and controls).
 * Fills use shade 8, whose white text reads at 4.5:1 or more for blue, red, violet, grape, indigo and pink;
 * autoContrast writes dark text on lighter fills (green, orange, yellow, lime, teal, cyan), the threshold set
 * where either black or white text reaches 4.5:1.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  luminanceThreshold: 0.18,
  // Keyboard focus always shows (focus-visible); a mouse click on a button does not draw a ring.
  focusRing: 'auto',
  respectReducedMotion: true,
  // A close button is an icon: it says what it does to screen readers wherever it appears.
  components: {
    // (aria-label reaches the button with the other props; Mantine's type lists only its own)
    CloseButton: CloseButton.extend({ defaultProps: { 'aria-label': 'Close' } as Partial<CloseButtonProps> }),
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    // The arrows of a pager, and its numbers, say which page they open.
    Pagination: Pagination.extend({
      defaultProps: {
        getControlProps: (control) => ({ 'aria-label': PAGER_CONTROLS[control] }),
        getItemProps: (page) => ({ 'aria-label': `Page ${page}` }),
      },
    }),
  },
});

/**
 * Text in a colour (c="red", a light badge, a link) on white or the light grey panels, at 5:1 or more: the
 * palette's darkest shade where it is dark enough, else that shade darkened.
 */
export const READABLE_TEXT: Record<string, string> = {
  blue: '#1864ab',
  red: '#c42929',
  green: '#247635',
  orange: '#ba3d0c',
  yellow: '#a05300',
  teal: '#077453',
  cyan: '#0b7285',
  lime: '#47730a',
  violet: '#5f3dc4',
  grape: '#862e9c',
  pink: '#a61e4d',
  indigo: '#364fc7',
  gray: '#495057',
};

/** Secondary text (hints, table headers, sidebar group titles, the footer): 5.8:1 on white, 5.2:1 on grey. */
export const DIMMED_TEXT = '#60666b';

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': DIMMED_TEXT,
    '--mantine-color-placeholder': DIMMED_TEXT,
    '--mantine-color-error': READABLE_TEXT.red!,
    '--mantine-color-anchor': READABLE_TEXT.blue!,
    ...Object.fromEntries(
      Object.entries(READABLE_TEXT).flatMap(([color, value]) => [
        [`--mantine-color-${color}-text`, value],
        [`--mantine-color-${color}-light-color`, value],
        // Light buttons and badges, at rest and under the pointer: pale enough for that text at 4.5:1.
        [`--mantine-color-${color}-light`, `var(--mantine-color-${color}-0)`],
        [`--mantine-color-${color}-light-hover`, `var(--mantine-color-${color}-1)`],
      ]),
    ),
  },
  dark: {},
});
