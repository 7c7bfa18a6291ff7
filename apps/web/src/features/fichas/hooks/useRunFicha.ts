import { useQuery } from '@tanstack/react-query';
import { fichasKeys } from '../../../app/query/keys/fichas-keys';
import { fichasApi } from '../api/fichas-api';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The ficha behind a /home/records/:run/... page: `run` is the ficha id or its document (RUN, CPF, CNPJ in any
 * format), as the spec's pages are reached from a person's document.
 */
export function useRunFicha(run: string | undefined) {
  return useQuery({
    queryKey: fichasKeys.run(run),
    enabled: !!run,
    retry: false,
    queryFn: async () => {
      const id = UUID.test(run ?? '') ? (run as string) : (await fichasApi.byDni(run as string)).id;
      return fichasApi.withRelations(id);
    },
  });
}
