import { escapeHtml, escapeMarkdown, escapeSlack, escapeXml, safeLinkUrl } from './escape';

const hostile = `<script>alert("x")</script> & 'quoted' <https://evil.example|click> [here](javascript:alert(1))`;

describe('escaping', () => {
  it('leaves no tag, attribute break or entity of its own in HTML and XML', () => {
    const html = escapeHtml(hostile);
    expect(html).not.toMatch(/[<>"']/);
    expect(html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#39;quoted&#39;');
    expect(escapeXml('a & b')).toBe('a &#38; b');
  });

  it("leaves Slack no link, mention or entity: the three characters Slack reads, as Slack's own entities", () => {
    expect(escapeSlack('<!channel> <https://evil.example|click> &amp;')).toBe(
      '&lt;!channel&gt; &lt;https://evil.example|click&gt; &amp;amp;',
    );
  });

  it('leaves Markdown no link, image, emphasis, code, autolink, heading, list or quote', () => {
    expect(escapeMarkdown('[here](javascript:alert(1)) ![i](x) **b** _i_ ~s~ `c` <https://evil.example>')).toBe(
      '\\[here\\]\\(javascript:alert\\(1\\)\\) \\!\\[i\\]\\(x\\) \\*\\*b\\*\\* \\_i\\_ \\~s\\~ \\`c\\` \\<https://evil.example\\>',
    );
    expect(escapeMarkdown('# h\n- l\n + p\n1. n\n> q\ndb-1 #7 v1.2')).toBe(
      '\\# h\n\\- l\n \\+ p\n1\\. n\n\\> q\ndb-1 #7 v1.2',
    );
  });

  it('lets only http(s) URLs be links', () => {
    expect(safeLinkUrl('https://tocsin.example/a?b=1')).toBe('https://tocsin.example/a?b=1');
    for (const url of ['javascript:alert(1)', 'data:text/html,x', '/relative', 'vbscript:x', ''])
      expect(safeLinkUrl(url)).toBeNull();
  });
});
