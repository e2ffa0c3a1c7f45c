/**
 * The banner widget of SPEC.md section 1 (a title, help text, action buttons, an optional Learn more link, an
 * optional image and a Dismiss button), as data: what the component draws follows from these rules alone, so
 * they are tested without a DOM.
 */
export type BannerAction = {
  label: string;
  /** Shown but refused, with this as its tooltip (SPEC.md section 6: unauthorised actions are disabled). */
  disabledReason?: string;
} & ({ to: string; onClick?: never } | { onClick: () => void; to?: never });

export interface BannerProps {
  title: string;
  text: string;
  actions?: readonly BannerAction[];
  learnMoreHref?: string;
  image?: { src: string; alt: string };
  /** Without it the banner cannot be dismissed (a deployment in progress is not the reader's to hide). */
  onDismiss?: () => void;
  tone?: 'info' | 'warning';
  testId?: string;
}

export interface BannerActionView {
  label: string;
  /** The first action is the one the banner is about; the others are quieter. */
  primary: boolean;
  disabled: boolean;
  tooltip?: string;
  target: { kind: 'route'; to: string } | { kind: 'button'; onClick: () => void };
}

export interface BannerView {
  title: string;
  text: string;
  actions: BannerActionView[];
  learnMore?: { href: string; external: boolean };
  image?: { src: string; alt: string };
  dismissible: boolean;
  tone: 'info' | 'warning';
}

const isExternal = (href: string) => /^https?:\/\//i.test(href);

export function bannerView(props: BannerProps): BannerView {
  const actions = (props.actions ?? []).map((action, index): BannerActionView => ({
    label: action.label,
    primary: index === 0,
    disabled: action.disabledReason !== undefined,
    tooltip: action.disabledReason,
    target: action.to !== undefined ? { kind: 'route', to: action.to } : { kind: 'button', onClick: action.onClick },
  }));
  const href = props.learnMoreHref?.trim();
  return {
    title: props.title,
    text: props.text,
    actions,
    learnMore: href ? { href, external: isExternal(href) } : undefined,
    image: props.image?.src ? props.image : undefined,
    dismissible: props.onDismiss !== undefined,
    tone: props.tone ?? 'info',
  };
}
