/* vm.h: the public header of the VM layer; the layers above include only
 * this. It gathers the term layer's public modules. */
#ifndef VM_VM_H
#define VM_VM_H

#include "vm/alloc.h"
#include "vm/atom.h"
#include "vm/bignum.h"
#include "vm/binary.h"
#include "vm/cmp.h"
#include "vm/ext.h"
#include "vm/float.h"
#include "vm/hash.h"
#include "vm/lex.h"
#include "vm/heap.h"
#include "vm/map.h"
#include "vm/read.h"
#include "vm/term.h"
#include "vm/unicode.h"

#endif
