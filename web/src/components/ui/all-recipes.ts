import { recipes } from '@chakra-theme/recipes';
import { slotRecipes } from '@chakra-theme/slot-recipes';
import { addRecipes } from './system';

/** Adds every component recipe of Chakra's default theme: the signed-in areas use most of them. */
export function addAllRecipes(): void {
  addRecipes({ recipes, slotRecipes });
}
