#ifndef CRITERIA_CXLSXWRITER_SHIM_H
#define CRITERIA_CXLSXWRITER_SHIM_H
#include <xlsxwriter.h>
#endif
