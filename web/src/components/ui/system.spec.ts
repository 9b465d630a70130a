import { jest } from '@jest/globals';
import { recipes } from '@chakra-theme/recipes';
import { slotRecipes } from '@chakra-theme/slot-recipes';
import { addAllRecipes } from './all-recipes';
import { CHAKRA_RECIPES, CHAKRA_SLOT_RECIPES, system } from './system';

describe('the Chakra system', () => {
  it('knows the names of every recipe of the installed Chakra theme', () => {
    expect([...CHAKRA_RECIPES].sort()).toEqual(Object.keys(recipes).sort());
    expect([...CHAKRA_SLOT_RECIPES].sort()).toEqual(Object.keys(slotRecipes).sort());
  });

  it('starts with the public shell recipes, warns about a missing one without keeping it, and serves it once added', () => {
    expect(system.isRecipe('button')).toBe(true);
    expect(system.isSlotRecipe('menu')).toBe(false);
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      system.getSlotRecipeFn('menu');
      expect(error).toHaveBeenCalledWith(expect.stringContaining('[muster] Chakra slot recipe "menu" is not loaded yet'));
      system.getRecipeFn('text');
      expect(error).toHaveBeenCalledTimes(1);
    } finally {
      error.mockRestore();
    }
    addAllRecipes();
    expect(system.isSlotRecipe('menu')).toBe(true);
    expect(Object.keys(system.getSlotRecipeFn('menu')({}))).toContain('content');
  });
});
