import { describe, expect, it } from 'vitest';

import {
  choiceFromSearchParams,
  choiceToSearchParams,
  DEFAULT_CHOICE,
  type ExplorerChoice,
} from './explorer-params';

const read = (query: string) => choiceFromSearchParams(new URLSearchParams(query));

describe("the explorer's address", () => {
  it('reads nothing as the default choice and writes the default as nothing', () => {
    expect(read('')).toEqual(DEFAULT_CHOICE);
    expect(choiceToSearchParams(DEFAULT_CHOICE).toString()).toBe('');
  });

  it('round-trips every filter the explorer takes under the API’s names', () => {
    const choice: ExplorerChoice = {
      measure: 'invites',
      dimension: 'province',
      from: '2026-01-01',
      to: '2026-06-30',
      opportunities: [3, 4],
      filters: {
        genders: ['female', 'non_binary'],
        ethnicities: ['african'],
        institutions: [9],
        types: [1, 2],
        categories: [5],
        disciplines: [7],
        complete: true,
        eligible: false,
        referred: true,
      },
    };
    const params = choiceToSearchParams(choice);
    expect(Object.fromEntries(params)).toEqual({
      measure: 'invites',
      dimension: 'province',
      from: '2026-01-01',
      to: '2026-06-30',
      opportunities: '3,4',
      genders: 'female,non_binary',
      ethnicities: 'african',
      institutions: '9',
      types: '1,2',
      categories: '5',
      disciplines: '7',
      complete: 'true',
      eligible: 'false',
      referred: 'true',
    });
    expect(choiceFromSearchParams(params)).toEqual(choice);
  });

  it('leaves out the tracker filters the explorer does not take', () => {
    const choice = read('name=Nomsa&location=-33.9,18.4&distance=25&grade=50,100&verified=true');
    expect(choice.filters).toEqual({});
    expect(choiceToSearchParams(choice).toString()).toBe('');
  });

  it('ignores what does not parse, keeping the rest', () => {
    const choice = read(
      'measure=everything&dimension=shoe&from=2026-13-45&to=yesterday&opportunities=a,3,0&genders=female,robot&eligible=maybe',
    );
    expect(choice).toEqual({
      ...DEFAULT_CHOICE,
      opportunities: [3],
      filters: { genders: ['female'] },
    });
  });

  it('falls back to weeks when the measure cannot be broken down by the dimension', () => {
    expect(read('measure=eligible&dimension=phase')).toMatchObject({
      measure: 'eligible',
      dimension: 'week',
    });
    expect(read('measure=regrets&dimension=phase')).toMatchObject({ dimension: 'phase' });
  });
});
