import type { DocumentBlock, RetrospectiveDocument } from '@tocsin/domain';
import type PDFDocument from 'pdfkit';

const MARGIN = 56;
const BODY = 10;
const HEADING = 14;
const TITLE = 20;
const CELL_GAP = 8;

type Pdf = InstanceType<typeof PDFDocument>;

/** Moves to a new page when less than `needed` points are left. */
function keepRoom(pdf: Pdf, needed: number) {
  if (pdf.y + needed > pdf.page.height - MARGIN) pdf.addPage();
}

function table(pdf: Pdf, columns: string[], rows: string[][]) {
  const width = pdf.page.width - MARGIN * 2;
  const columnWidth = width / columns.length;
  const row = (cells: string[], font: string) => {
    pdf.font(font).fontSize(BODY);
    const heights = cells.map((cell) => pdf.heightOfString(cell, { width: columnWidth - CELL_GAP }));
    const height = Math.max(...heights);
    keepRoom(pdf, height + 4);
    const top = pdf.y;
    cells.forEach((cell, i) => pdf.text(cell, MARGIN + i * columnWidth, top, { width: columnWidth - CELL_GAP }));
    pdf.x = MARGIN;
    pdf.y = top + height + 4;
  };
  row(columns, 'Helvetica-Bold');
  pdf
    .moveTo(MARGIN, pdf.y - 2)
    .lineTo(MARGIN + width, pdf.y - 2)
    .strokeColor('#888888')
    .lineWidth(0.5)
    .stroke();
  for (const cells of rows) row(cells, 'Helvetica');
}

function block(pdf: Pdf, item: DocumentBlock) {
  const width = pdf.page.width - MARGIN * 2;
  switch (item.kind) {
    case 'paragraph':
      pdf.font('Helvetica').fontSize(BODY).text(item.text, { width });
      break;
    case 'list':
      if (item.items.length === 0) pdf.font('Helvetica-Oblique').fontSize(BODY).text(item.empty, { width });
      else pdf.font('Helvetica').fontSize(BODY).list(item.items, { width, bulletRadius: 1.5 });
      break;
    case 'table':
      if (item.rows.length === 0) pdf.font('Helvetica-Oblique').fontSize(BODY).text(item.empty, { width });
      else table(pdf, item.columns, item.rows);
      break;
    case 'question':
      keepRoom(pdf, 40);
      pdf.font('Helvetica-Bold').fontSize(BODY).text(item.prompt, { width });
      pdf
        .font(item.answer ? 'Helvetica' : 'Helvetica-Oblique')
        .fontSize(BODY)
        .text(item.answer ?? 'No answer yet.', { width });
      break;
  }
  pdf.moveDown(0.6);
}

/**
 * The retrospective as a PDF, made with pdfkit: text is laid out and wrapped by the library (a person's text is
 * drawn as text, never interpreted), in the standard Helvetica faces, so nothing is read from disk. pdfkit is
 * loaded on the first export, not with the app (90 ms of every start, and of every test suite that starts it).
 */
export async function retrospectivePdf(document: RetrospectiveDocument, createdAt: Date): Promise<Buffer> {
  const { default: PdfDocument } = await import('pdfkit');
  const pdf = new PdfDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: document.title, Creator: 'Tocsin', CreationDate: createdAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pdf.font('Helvetica-Bold').fontSize(TITLE).text(document.title);
  pdf.moveDown(0.8);
  for (const section of document.sections) {
    keepRoom(pdf, 60);
    pdf.font('Helvetica-Bold').fontSize(HEADING).text(section.title, MARGIN);
    pdf.moveDown(0.4);
    for (const item of section.blocks) block(pdf, item);
    pdf.moveDown(0.4);
  }
  pdf.end();
  return done;
}
