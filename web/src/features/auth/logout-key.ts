/** The logout's mutation key: a socket the server disconnects meanwhile is the logout's own doing. */
export const LOGOUT_MUTATION_KEY = ['auth', 'logout'] as const;
