// Reads a PDF from standard input and prints what pdf.js (through pdf-parse) finds in it, as JSON:
// { text, pages }. Run in a plain Node process: pdf.js loads its worker with a dynamic import, which jest's
// module sandbox refuses.
const { Buffer } = require('node:buffer');
const { PDFParse } = require('pdf-parse');

const chunks = [];
process.stdin.on('data', (chunk) => chunks.push(chunk));
process.stdin.on('end', async () => {
  const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
  try {
    const result = await parser.getText();
    process.stdout.write(JSON.stringify({ text: result.text, pages: result.total }));
  } finally {
    await parser.destroy();
  }
});
