import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { TEXT } from '@shunkan/config/texts';
import { CenteredCard, FullPageSpinner } from '@shunkan/ui/components';
import { Link, useSearch } from '@tanstack/react-router';
import { AdminDashboard, isAdminTab } from '../features/admin/admin-dashboard';
import { useAuth } from '../lib/auth';

export function AdminDenied() {
  return (
    <CenteredCard>
      <Stack align="center" gap="4" textAlign="center">
        <Heading as="h1" size="xl">
          {TEXT.adminDeniedTitle}
        </Heading>
        <Text>{TEXT.adminDeniedBody}</Text>
        <Button asChild colorPalette="blue">
          <Link to="/">ホームに戻る</Link>
        </Button>
      </Stack>
    </CenteredCard>
  );
}

/** Denied unless the server says isAdmin; every admin call is checked again on the server. */
export function AdminPage() {
  const { isAdmin, isLoading } = useAuth();
  const search = useSearch({ strict: false }) as { tab?: unknown; tool?: unknown };
  if (isLoading) return <FullPageSpinner />;
  if (!isAdmin) return <AdminDenied />;
  return <AdminDashboard tab={isAdminTab(search.tab) ? search.tab : 'overview'} tool={typeof search.tool === 'string' ? search.tool : undefined} />;
}
