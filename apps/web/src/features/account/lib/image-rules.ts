/** SPEC.md section 5, image dropzone: allowed types, size, and optional pixel bounds and aspect ratio. */
export interface ImageRules {
  extensions: readonly string[];
  maxSizeMb: number;
  minWidth?: number;
  minHeight?: number;
  maxWidth?: number;
  maxHeight?: number;
  /** width / height; matched within ASPECT_TOLERANCE. */
  aspectRatio?: number;
}

export const DEFAULT_IMAGE_RULES: ImageRules = { extensions: ['.png', '.jpg', '.jpeg', '.svg'], maxSizeMb: 5 };
export const ASPECT_TOLERANCE = 0.01;
export const DIMENSIONS_UNREADABLE = 'Failed to load image for dimension validation';

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
};

/** Type (by name) and size: the checks that need no decoding. Null when the file passes. */
export function fileProblem(
  file: { name: string; size: number },
  rules: ImageRules = DEFAULT_IMAGE_RULES,
): string | null {
  if (!rules.extensions.includes(extensionOf(file.name)))
    return `File type not supported. Allowed: ${rules.extensions.join(', ')}`;
  if (file.size > rules.maxSizeMb * 1024 * 1024) return `File too large. Maximum size: ${rules.maxSizeMb}MB`;
  return null;
}

/** Pixel bounds and aspect ratio, each message stating the values. Null when the image passes. */
export function dimensionProblem(
  { width, height }: { width: number; height: number },
  rules: ImageRules,
): string | null {
  if (rules.minWidth !== undefined && width < rules.minWidth)
    return `Image width must be at least ${rules.minWidth}px (it is ${width}px)`;
  if (rules.minHeight !== undefined && height < rules.minHeight)
    return `Image height must be at least ${rules.minHeight}px (it is ${height}px)`;
  if (rules.maxWidth !== undefined && width > rules.maxWidth)
    return `Image width must be at most ${rules.maxWidth}px (it is ${width}px)`;
  if (rules.maxHeight !== undefined && height > rules.maxHeight)
    return `Image height must be at most ${rules.maxHeight}px (it is ${height}px)`;
  // The epsilon keeps a ratio exactly at the tolerance (101/100 against 1) inside despite float rounding.
  if (rules.aspectRatio !== undefined && Math.abs(width / height - rules.aspectRatio) > ASPECT_TOLERANCE + 1e-9) {
    return `Image aspect ratio must be ${rules.aspectRatio.toFixed(2)} (it is ${width}×${height}px, ${(width / height).toFixed(2)})`;
  }
  return null;
}

export const hasDimensionRules = (rules: ImageRules) =>
  [rules.minWidth, rules.minHeight, rules.maxWidth, rules.maxHeight, rules.aspectRatio].some(
    (value) => value !== undefined,
  );
