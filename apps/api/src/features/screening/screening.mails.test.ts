import { describe, expect, it } from 'vitest';

import { phaseMoveMail, regretMail } from './screening.mails.ts';

const regret = (openOpportunities: { name: string; organization: string; url: string }[]) =>
  regretMail('lindiwe@example.test', {
    firstName: 'Lindiwe',
    opportunity: 'Data Analyst <Graduate> Programme',
    organization: 'Imbizo & Co',
    openOpportunities,
    searchUrl: 'http://pathways.test/opportunities?open=true&eligible=true',
  });

describe('regretMail', () => {
  it('thanks the candidate and lists the open opportunities, each with its address', () => {
    const mail = regret([
      { name: 'Bursary A', organization: 'Org A', url: 'http://pathways.test/opportunities/1/a' },
      { name: 'Job B', organization: 'Org B', url: 'http://pathways.test/opportunities/2/b' },
    ]);
    expect(mail.to).toBe('lindiwe@example.test');
    expect(mail.subject).toBe('Your application for Data Analyst <Graduate> Programme');
    expect(mail.text.split('\n').slice(0, 7)).toEqual([
      'Hello Lindiwe,',
      'Thank you for applying for Data Analyst <Graduate> Programme at Imbizo & Co, and for the time you put into your application.',
      expect.stringContaining('Imbizo & Co has decided not to take your application further'),
      'There are 2 opportunities open now that you qualify for:',
      'Bursary A at Org A: http://pathways.test/opportunities/1/a',
      'Job B at Org B: http://pathways.test/opportunities/2/b',
      'We wish you every success.',
    ]);
    // Names are escaped in the HTML, never markup.
    expect(mail.html).toContain('Data Analyst &lt;Graduate&gt; Programme');
    expect(mail.html).not.toContain('<Graduate>');
  });

  it('encourages the candidate when nothing open fits them yet', () => {
    const mail = regret([]);
    expect(mail.text).not.toContain('qualify for:');
    expect(mail.text).toContain('New opportunities open every week.');
    expect(mail.text).toContain(
      'See opportunities for me: http://pathways.test/opportunities?open=true&eligible=true',
    );
  });
});

describe('phaseMoveMail', () => {
  it('names the new phase and links the application; a missing first name is "there"', () => {
    const mail = phaseMoveMail('x@example.test', {
      firstName: null,
      opportunity: 'Bursary A',
      organization: 'Org A',
      phase: 'Interview',
      url: 'http://pathways.test/candidate/applications/7',
    });
    expect(mail.subject).toBe('Your application for Bursary A: Interview');
    expect(mail.text).toMatch(/^Hello there,\nOrg A has moved your application for Bursary A/);
    expect(mail.text).toContain(
      'See my application: http://pathways.test/candidate/applications/7',
    );
  });
});
