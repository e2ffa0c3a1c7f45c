import { buildRetrospectiveDocument, DEFAULT_RETROSPECTIVE_TEMPLATE } from '@tocsin/domain';
import { pdfText } from '../../../../../test/support/pdf-text';
import { retrospectiveInput } from '../../../../../test/support/retrospective-fixture';
import { retrospectivePdf } from './retrospective-pdf';

const at = new Date('2026-11-27T12:00:00Z');

describe('the retrospective as a PDF', () => {
  it('reads back with its headings, milestone times, follow-ups and answers', async () => {
    const document = buildRetrospectiveDocument(DEFAULT_RETROSPECTIVE_TEMPLATE, retrospectiveInput());
    const pdf = await retrospectivePdf(document, at);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await pdfText(pdf);
    expect(text).toContain('Retrospective: Checkout is down');
    for (const section of document.sections) expect(text).toContain(section.title);
    expect(text).toContain('Detected 2026-11-27 10:04 UTC');
    expect(text).toContain('Time to resolve (MTTR) 40 mins');
    expect(text).toContain('Rolled back release 42');
    expect(text).toContain('Add a canary stage Grace Hopper 2026-12-15 open');
    expect(text).toContain('A bad deploy of the payments service.');
    expect(text).toContain('No answer yet.');
  });

  it('draws what people typed as text, over as many pages as it takes', async () => {
    const findings = Array.from({ length: 60 }, (_, i) => `Finding ${i + 1}: (x) <b>not bold</b> %PDF /Type /Page`);
    const input = retrospectiveInput({ contributingFactors: findings });
    const pdf = await retrospectivePdf(buildRetrospectiveDocument(DEFAULT_RETROSPECTIVE_TEMPLATE, input), at);
    const { text, pages } = await pdfText(pdf);
    expect(text).toContain('Finding 60: (x) <b>not bold</b> %PDF /Type /Page');
    expect(pages).toBeGreaterThan(1);
  });
});
