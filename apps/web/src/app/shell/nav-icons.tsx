import type { NavIcon } from './navigation';

/**
 * The navigation groups' icons: outline strokes on a 24-unit grid in the current text colour, drawn here
 * (the web has no icon package) in the manner of Tabler's outline set.
 */
const PATHS: Record<NavIcon | 'chevron', readonly string[]> = {
  flag: ['M5 5v16', 'M5 5h11l-2 4l2 4h-11'],
  bell: [
    'M10 5a2 2 0 1 1 4 0a7 7 0 0 1 4 6v3a4 4 0 0 0 2 3h-16a4 4 0 0 0 2 -3v-3a7 7 0 0 1 4 -6',
    'M9 17v1a3 3 0 0 0 6 0v-1',
  ],
  alert: [
    'M12 9v4',
    'M10.36 3.6l-8.1 13.5a1.9 1.9 0 0 0 1.63 2.9h16.22a1.9 1.9 0 0 0 1.63 -2.9l-8.1 -13.5a1.9 1.9 0 0 0 -3.28 0z',
    'M12 16h.01',
  ],
  stack: ['M12 4l-8 4l8 4l8 -4l-8 -4', 'M4 12l8 4l8 -4', 'M4 16l8 4l8 -4'],
  chart: ['M3 20h18', 'M6 20v-6', 'M11 20v-11', 'M16 20v-8', 'M21 20v-14'],
  sliders: ['M4 6h8', 'M16 6h4', 'M14 4v4', 'M4 12h2', 'M10 12h10', 'M8 10v4', 'M4 18h11', 'M19 18h1', 'M17 16v4'],
  list: ['M9 6h11', 'M9 12h11', 'M9 18h11', 'M5 6v.01', 'M5 12v.01', 'M5 18v.01'],
  plug: ['M9 3v4', 'M15 3v4', 'M6 7h12v4a6 6 0 0 1 -12 0z', 'M12 17v4'],
  user: ['M8 7a4 4 0 1 0 8 0a4 4 0 1 0 -8 0', 'M6 21v-2a4 4 0 0 1 4 -4h4a4 4 0 0 1 4 4v2'],
  apps: ['M4 4h6v6h-6z', 'M14 4h6v6h-6z', 'M4 14h6v6h-6z', 'M14 14h6v6h-6z'],
  pulse: ['M3 12h4l3 8l4 -16l3 8h4'],
  chevron: ['M9 6l6 6l-6 6'],
};

export function NavIconSvg({
  name,
  size = 18,
  rotate = 0,
}: {
  name: NavIcon | 'chevron';
  size?: number;
  rotate?: number;
}) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable={false}
      style={{
        flexShrink: 0,
        transform: rotate ? `rotate(${rotate}deg)` : undefined,
        transition: 'transform 150ms ease',
      }}
    >
      {PATHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
