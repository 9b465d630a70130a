import { Center, Spinner } from '@chakra-ui/react';
import { Suspense, useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { Provider } from '../components/ui/provider';
import { routes } from './routes';

function PageSpinner() {
  return (
    <Center minHeight="50vh">
      <Spinner size="lg" color="brand.fg" />
    </Center>
  );
}

export function App() {
  const router = useMemo(() => createBrowserRouter(routes), []);
  return (
    <Provider>
      <Suspense fallback={<PageSpinner />}>
        <RouterProvider router={router} />
      </Suspense>
    </Provider>
  );
}
