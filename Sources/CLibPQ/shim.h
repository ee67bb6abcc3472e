// PostgreSQL's own client library (Debian: libpq-dev); pkg-config adds /usr/include/postgresql.
#include <libpq-fe.h>
