import { describe, expect, it } from 'vitest';

import { attachmentDisposition, cleanFileName } from './file-names.ts';

describe('cleanFileName', () => {
  it.each([
    ['cv.pdf', 'application/pdf', 'cv.pdf'],
    ['CV.PDF', 'application/pdf', 'CV.PDF'],
    ['photo.jpeg', 'image/jpeg', 'photo.jpeg'],
    ['photo', 'image/jpeg', 'photo.jpg'],
    ['notes.txt', 'application/pdf', 'notes.txt.pdf'],
    ['scan.png', 'image/jpeg', 'scan.png.jpg'],
    ['../../etc/passwd', 'application/pdf', 'passwd.pdf'],
    ['C:\\Users\\me\\cv.pdf', 'application/pdf', 'cv.pdf'],
    ['folder/', 'application/pdf', 'document.pdf'],
    ['', 'image/png', 'document.png'],
    [undefined, 'image/png', 'document.png'],
    ['.pdf', 'application/pdf', 'pdf.pdf'],
    ['...hidden.pdf', 'application/pdf', 'hidden.pdf'],
    ['report.pdf.', 'application/pdf', 'report.pdf'],
    ['  my   cv\t2026 .pdf ', 'application/pdf', 'my cv 2026.pdf'],
    ['bad\u0000name\u0007.pdf', 'application/pdf', 'badname.pdf'],
    // A right-to-left override makes "cv\u202Efdp.exe" look like "cvexe.pdf".
    ['cv\u202Efdp.exe', 'application/pdf', 'cvfdp.exe.pdf'],
    ['zero\u200Bwidth.pdf', 'application/pdf', 'zerowidth.pdf'],
    ['Zoë Ñandú.pdf', 'application/pdf', 'Zoë Ñandú.pdf'],
    ['Zoe\u0308.pdf', 'application/pdf', 'Zoë.pdf'],
    ['line\nbreak.pdf', 'application/pdf', 'line break.pdf'],
  ] as const)('%j as %s → %j', (name, type, expected) => {
    expect(cleanFileName(name, type)).toBe(expected);
  });

  it('caps the length at 120 characters, keeping the extension', () => {
    const clean = cleanFileName(`${'a'.repeat(300)}.pdf`, 'application/pdf');
    expect(clean).toHaveLength(120);
    expect(clean.endsWith('aaa.pdf')).toBe(true);
    const emoji = cleanFileName(`${'😀'.repeat(200)}.png`, 'image/png');
    expect([...emoji]).toHaveLength(120);
    expect(emoji.isWellFormed()).toBe(true);
  });
});

describe('attachmentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(attachmentDisposition('cv.pdf')).toBe(
      `attachment; filename="cv.pdf"; filename*=UTF-8''cv.pdf`,
    );
    expect(attachmentDisposition('Zoë "quoted"; 100%.pdf')).toBe(
      `attachment; filename="Zo_ _quoted__ 100_.pdf"; filename*=UTF-8''Zo%C3%AB%20%22quoted%22%3B%20100%25.pdf`,
    );
    expect(attachmentDisposition("it's (1)*.pdf")).toBe(
      `attachment; filename="it's (1)*.pdf"; filename*=UTF-8''it%27s%20%281%29%2A.pdf`,
    );
  });

  it('never lets a name break out of the header', () => {
    const header = attachmentDisposition('a\\"b.pdf');
    expect(header.startsWith('attachment; filename="a__b.pdf";')).toBe(true);
  });
});
