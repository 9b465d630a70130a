/**
 * Loads a module of the signed-in areas (or another screen outside the public site) together
 * with every component recipe, which the public site's bundle leaves out (see system.ts).
 */
export function withAllRecipes<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    Promise.all([import('./all-recipes'), load()]).then(([recipes, module]) => {
      recipes.addAllRecipes();
      return module;
    });
}
