import { execFile } from 'node:child_process';
import { join } from 'node:path';

/** The text of a PDF as an independent reader (pdf.js, through pdf-parse) finds it, whitespace folded, and its pages. */
export function pdfText(pdf: Buffer): Promise<{ text: string; pages: number }> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [join(__dirname, 'pdf-text-reader.cjs')],
      { maxBuffer: 16 * 1024 * 1024 },
      (error, stdout) => {
        if (error) return reject(error);
        const { text, pages } = JSON.parse(stdout) as { text: string; pages: number };
        resolve({ text: text.replace(/\s+/g, ' '), pages });
      },
    );
    child.stdin!.end(pdf);
  });
}
