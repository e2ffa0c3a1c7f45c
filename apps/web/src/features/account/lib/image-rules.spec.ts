import { describe, expect, it } from '@jest/globals';
import { DEFAULT_IMAGE_RULES, dimensionProblem, fileProblem, hasDimensionRules } from './image-rules';

const MB = 1024 * 1024;

describe('image dropzone rules', () => {
  it('allows .png .jpg .jpeg .svg up to 5 MB by default, case-insensitively', () => {
    expect(fileProblem({ name: 'me.PNG', size: 5 * MB })).toBeNull();
    expect(fileProblem({ name: 'me.jpeg', size: 1 })).toBeNull();
    expect(fileProblem({ name: 'me.gif', size: 1 })).toBe('File type not supported. Allowed: .png, .jpg, .jpeg, .svg');
    expect(fileProblem({ name: 'png', size: 1 })).toBe('File type not supported. Allowed: .png, .jpg, .jpeg, .svg');
    expect(fileProblem({ name: 'me.png', size: 5 * MB + 1 })).toBe('File too large. Maximum size: 5MB');
    expect(fileProblem({ name: 'me.png', size: 3 * MB }, { extensions: ['.png'], maxSizeMb: 2 })).toBe(
      'File too large. Maximum size: 2MB',
    );
  });

  it('states the pixel values of a bound that is missed', () => {
    const rules = { ...DEFAULT_IMAGE_RULES, minWidth: 32, minHeight: 32, maxWidth: 4096, maxHeight: 4096 };
    expect(dimensionProblem({ width: 100, height: 100 }, rules)).toBeNull();
    expect(dimensionProblem({ width: 31, height: 100 }, rules)).toBe('Image width must be at least 32px (it is 31px)');
    expect(dimensionProblem({ width: 100, height: 20 }, rules)).toBe('Image height must be at least 32px (it is 20px)');
    expect(dimensionProblem({ width: 5000, height: 100 }, rules)).toBe(
      'Image width must be at most 4096px (it is 5000px)',
    );
    expect(dimensionProblem({ width: 100, height: 4097 }, rules)).toBe(
      'Image height must be at most 4096px (it is 4097px)',
    );
  });

  it('matches an aspect ratio within 0.01', () => {
    const square = { ...DEFAULT_IMAGE_RULES, aspectRatio: 1 };
    expect(dimensionProblem({ width: 101, height: 100 }, square)).toBeNull();
    expect(dimensionProblem({ width: 102, height: 100 }, square)).toBe(
      'Image aspect ratio must be 1.00 (it is 102×100px, 1.02)',
    );
    expect(hasDimensionRules(square)).toBe(true);
    expect(hasDimensionRules(DEFAULT_IMAGE_RULES)).toBe(false);
  });
});
