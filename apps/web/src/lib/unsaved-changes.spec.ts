import { describe, expect, it } from '@jest/globals';
import { leavesChangedForm, UNSAVED_CHANGES_PROMPT } from './unsaved-changes';

const at = (pathname: string, search = '') => ({ pathname, search });

describe('leavesChangedForm', () => {
  it('asks when a changed form goes to another page or another query', () => {
    expect(leavesChangedForm(true, at('/settings/organization'), at('/settings/users'))).toBe(true);
    expect(leavesChangedForm(true, at('/settings/users', '?page=1'), at('/settings/users', '?page=2'))).toBe(true);
  });

  it('lets an unchanged form go without asking', () => {
    expect(leavesChangedForm(false, at('/settings/organization'), at('/settings/users'))).toBe(false);
  });

  it('does not ask when the form stays on screen (same address, or a hash within the page)', () => {
    expect(leavesChangedForm(true, at('/settings/organization'), at('/settings/organization'))).toBe(false);
    expect(leavesChangedForm(true, at('/account/edit', '?tab=1'), at('/account/edit', '?tab=1'))).toBe(false);
  });

  it('words the question as SPEC.md section 4 does', () => {
    expect(UNSAVED_CHANGES_PROMPT).toBe("Are you sure you want to navigate away? You'll lose your changes.");
  });
});
