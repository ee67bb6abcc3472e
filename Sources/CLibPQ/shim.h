// PostgreSQL's own client library (Debian: libpq-dev for this header, libpq5 for the library).
// Types and constants only: the library is not linked but loaded when a counter first connects
// to a server (PostgresClient's LibPQ), so a counter on a file never maps it and the twenty
// libraries it brings.
#include <postgresql/libpq-fe.h>
