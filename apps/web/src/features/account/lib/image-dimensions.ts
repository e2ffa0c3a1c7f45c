import { DIMENSIONS_UNREADABLE } from './image-rules';

/** Decodes the image in the browser to read its pixel size; a file that does not decode is refused. */
export function loadImageDimensions(file: Blob): Promise<{ width: number; height: number }> {
  const url = URL.createObjectURL(file);
  return new Promise<{ width: number; height: number }>((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => reject(new Error(DIMENSIONS_UNREADABLE));
    image.src = url;
  }).finally(() => URL.revokeObjectURL(url));
}
