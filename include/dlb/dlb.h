//===- dlb/dlb.h - The header included by programs emitted by dlbcc -------===//
#ifndef DLB_DLB_H
#define DLB_DLB_H

#include "dlb/Loop.h"
#include "dlb/Runtime.h"
#include "dlb/Views.h"

#endif // DLB_DLB_H
