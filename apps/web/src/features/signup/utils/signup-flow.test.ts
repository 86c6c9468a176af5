import { describe, expect, it } from 'vitest';

import {
  completedSteps,
  initialSignupState,
  isCreatePath,
  signupReducer,
  stepOfStage,
  type SignupAction,
  type SignupState,
} from './signup-flow';

const run = (actions: SignupAction[], campaignName: string | null = null): SignupState =>
  actions.reduce(signupReducer, initialSignupState({ campaignName }));

describe('sign-up conversation flow', () => {
  it('welcomes, naming the campaign when there is one', () => {
    expect(run([]).stage).toBe('welcome');
    expect(run([]).entries[0]!.text).toBe('Hi! Welcome to Pathways.');
    expect(run([], 'Ibtech Bursaries').entries[0]!.text).toContain('Ibtech Bursaries');
  });

  it('answers what Pathways is, then offers the choices again', () => {
    const state = run([{ type: 'whatIsPathways' }]);
    expect(state.stage).toBe('about');
    expect(state.entries.at(-1)!.text).toBe('What would you like to do?');
    expect(signupReducer(state, { type: 'createAccount' }).stage).toBe('register');
  });

  it('goes on after a provider created the account: the e-mail question, on the create path', () => {
    const state = run([
      { type: 'createAccount' },
      {
        type: 'socialSignedIn',
        outcome: 'created',
        providerName: 'Google',
        email: 'nomsa@example.test',
        firstName: 'Nomsa',
      },
    ]);
    expect(state.stage).toBe('confirmEmail');
    expect(state.entries.map((e) => e.text)).toContain('Continue with Google');
    expect(state.entries.at(-1)!.text).toBe('Is nomsa@example.test correct?');
    expect(isCreatePath(state.stage)).toBe(true);
  });

  it('sends an existing account back from a provider straight to the final choices', () => {
    const state = run([
      {
        type: 'socialSignedIn',
        outcome: 'signedIn',
        providerName: 'LinkedIn',
        email: 'nomsa@example.test',
        firstName: 'Nomsa',
      },
    ]);
    expect(state.stage).toBe('loggedIn');
    expect(state.entries.at(-1)!.text).toBe("You're logged in, Nomsa. Where would you like to go?");
  });

  it('takes no provider answer half-way through the create path', () => {
    const state = run([
      { type: 'createAccount' },
      { type: 'registered', email: 'lerato@example.test' },
    ]);
    const after = signupReducer(state, {
      type: 'socialSignedIn',
      outcome: 'signedIn',
      providerName: 'Google',
      email: 'x@example.test',
      firstName: null,
    });
    expect(after).toBe(state);
  });

  it('walks the create path to the finish', () => {
    const state = run([
      { type: 'createAccount' },
      { type: 'registered', email: 'lerato@example.test' },
    ]);
    expect(state.stage).toBe('confirmEmail');
    expect(state.entries.at(-1)!.text).toBe('Is lerato@example.test correct?');
    const rest: SignupAction[] = [
      { type: 'emailCorrect' },
      { type: 'consented' },
      { type: 'named', firstName: 'Lerato', lastName: 'Dlamini' },
      { type: 'identified', summary: 'South Africa, 900101 5009 086', bornAt: '1990-01-01' },
      { type: 'confirmed' },
    ];
    const done = rest.reduce(signupReducer, state);
    expect(done.stage).toBe('finish');
    const mine = done.entries.filter((e) => e.from === 'you').map((e) => e.text);
    expect(mine).toEqual([
      'Create an account',
      'Yes',
      'I agree',
      'Lerato Dlamini',
      'South Africa, 900101 5009 086',
      'I confirm these details are accurate',
    ]);
    expect(done.entries.some((e) => e.text.startsWith('Thanks, Lerato!'))).toBe(true);
    expect(done.entries.map((e) => e.text)).toContain(
      'Your ID number says you were born on 1 January 1990, so that is your date of birth on your profile.',
    );
  });

  it('says nothing of a date of birth when the number states none', () => {
    const state = run([
      { type: 'createAccount' },
      { type: 'registered', email: 'ada@example.test' },
      { type: 'emailCorrect' },
      { type: 'consented' },
      { type: 'named', firstName: 'Ada', lastName: 'Obi' },
      { type: 'identified', summary: 'Nigeria, 12345678901', bornAt: null },
    ]);
    expect(state.stage).toBe('confirmDetails');
    expect(state.entries.some((e) => e.text.includes('born on'))).toBe(false);
  });

  it('lets a wrong e-mail be changed or the change skipped', () => {
    const wrong = run([
      { type: 'createAccount' },
      { type: 'registered', email: 'typo@example.test' },
      { type: 'emailWrong' },
    ]);
    expect(wrong.stage).toBe('changeEmail');
    const changed = signupReducer(wrong, { type: 'emailChanged', email: 'right@example.test' });
    expect(changed.stage).toBe('consent');
    expect(changed.email).toBe('right@example.test');
    expect(signupReducer(wrong, { type: 'emailSkipped' }).stage).toBe('consent');
  });

  it('logs in to the final choices', () => {
    const state = run([{ type: 'haveAccount' }, { type: 'loggedIn', firstName: 'Thandi' }]);
    expect(state.stage).toBe('loggedIn');
    expect(state.entries.at(-1)!.text).toContain('Thandi');
  });

  it('ignores actions that do not belong to the stage', () => {
    const state = run([]);
    expect(signupReducer(state, { type: 'consented' })).toBe(state);
    expect(signupReducer(state, { type: 'confirmed' })).toBe(state);
  });

  it('maps stages to progress steps', () => {
    expect(stepOfStage('consent')).toBe('email');
    expect(stepOfStage('name')).toBe('name');
    expect(stepOfStage('identification')).toBe('identification');
    expect(stepOfStage('finish')).toBe('finish');
    expect(completedSteps('register')).toBe(0);
    expect(completedSteps('confirmDetails')).toBe(3);
    expect(completedSteps('finish')).toBe(4);
    expect(isCreatePath('login')).toBe(false);
    expect(isCreatePath('name')).toBe(true);
  });
});
