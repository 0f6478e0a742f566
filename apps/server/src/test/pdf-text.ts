import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * What a reader gets out of a PDF, as pdf.js (the viewer of Firefox) extracts it: the text of each
 * page, one line per line of the page, and the document's Title.
 */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: string[]; title: string }> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    disableFontFace: true,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str;
        if (item.hasEOL) text += '\n';
      }
      pages.push(text);
    }
    const info = (await pdf.getMetadata()).info as { Title?: string };
    return { pages, title: info.Title ?? '' };
  } finally {
    await pdf.destroy();
  }
}
