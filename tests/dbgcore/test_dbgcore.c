/* test_dbgcore.c: dbgcore_init registers the engine's Erlang library with
 * the VM, so its modules load by name as vm/lib's do. */
#include <criterion/criterion.h>

#include "dbgcore/dbgcore.h"

Test(dbgcore, init_registers_library)
{
    atom_table_init();
    dbgcore_init();
    cr_assert(true);
}
