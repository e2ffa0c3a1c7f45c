import { describe, expect, it } from '@jest/globals';
import { bannerView } from './banner-view';

const noop = () => undefined;

describe('bannerView', () => {
  it('draws only what was given: no actions, no link, no image, no Dismiss', () => {
    expect(bannerView({ title: 'T', text: 'Help' })).toEqual({
      title: 'T',
      text: 'Help',
      actions: [],
      learnMore: undefined,
      image: undefined,
      dismissible: false,
      tone: 'info',
    });
  });

  it('makes the first action the primary one and links or calls as each action asks', () => {
    const view = bannerView({
      title: 'T',
      text: 'x',
      actions: [
        { label: 'Add Runbook', to: '/runbooks/new' },
        { label: 'Import', onClick: noop },
      ],
    });
    expect(view.actions.map(({ label, primary, target }) => ({ label, primary, kind: target.kind }))).toEqual([
      { label: 'Add Runbook', primary: true, kind: 'route' },
      { label: 'Import', primary: false, kind: 'button' },
    ]);
  });

  it('disables an action that carries a reason and shows the reason as its tooltip', () => {
    const [action] = bannerView({
      title: 'T',
      text: 'x',
      actions: [{ label: 'Add', to: '/x', disabledReason: 'You lack the required permissions for this action.' }],
    }).actions;
    expect(action).toMatchObject({ disabled: true, tooltip: 'You lack the required permissions for this action.' });
    const [allowed] = bannerView({ title: 'T', text: 'x', actions: [{ label: 'Add', to: '/x' }] }).actions;
    expect(allowed).toMatchObject({ disabled: false, tooltip: undefined });
  });

  it('opens an outside Learn more link in a new tab and keeps an in-app one in place; a blank one is left out', () => {
    expect(bannerView({ title: 'T', text: 'x', learnMoreHref: 'https://help.example/runbooks' }).learnMore).toEqual({
      href: 'https://help.example/runbooks',
      external: true,
    });
    expect(bannerView({ title: 'T', text: 'x', learnMoreHref: '/api/docs' }).learnMore).toEqual({
      href: '/api/docs',
      external: false,
    });
    expect(bannerView({ title: 'T', text: 'x', learnMoreHref: '  ' }).learnMore).toBeUndefined();
  });

  it('offers Dismiss only when there is something to do on dismissal, and drops an image without a source', () => {
    expect(bannerView({ title: 'T', text: 'x', onDismiss: noop }).dismissible).toBe(true);
    expect(bannerView({ title: 'T', text: 'x', image: { src: '', alt: 'a' } }).image).toBeUndefined();
    expect(bannerView({ title: 'T', text: 'x', image: { src: '/i.svg', alt: 'a' }, tone: 'warning' })).toMatchObject({
      image: { src: '/i.svg', alt: 'a' },
      tone: 'warning',
    });
  });
});
