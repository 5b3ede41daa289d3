/*
 * Baseline for the XLSX benchmark: writes the same cells as criteria's audit workbook exporter
 * (Checklist rows, header, widths, frozen pane, autofilter, two dropdowns, two colour rules,
 * and the Summary's COUNTIFS formulas) straight from C with libxlsxwriter.
 *
 * usage: xlsx_baseline ROWS.tsv SUMMARY.tsv OUT.xlsx
 *   ROWS.tsv     one checklist row per line, 12 tab-separated cells (header first)
 *   SUMMARY.tsv  component, platform, id pattern, row count per line
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xlsxwriter.h>

#define COLUMNS 12

static char *next_field(char **cursor) {
    char *start = *cursor;
    char *tab = strchr(start, '\t');
    if (tab) { *tab = '\0'; *cursor = tab + 1; } else { *cursor = start + strlen(start); }
    return start;
}

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: %s ROWS.tsv SUMMARY.tsv OUT.xlsx\n", argv[0]); return 2; }
    FILE *rows = fopen(argv[1], "r"), *summary = fopen(argv[2], "r");
    if (!rows || !summary) { perror("open"); return 1; }
    lxw_workbook_options options = {.constant_memory = LXW_TRUE, .tmpdir = NULL, .use_zip64 = LXW_TRUE};
    lxw_workbook *book = workbook_new_opt(argv[3], &options);
    lxw_worksheet *checklist = workbook_add_worksheet(book, "Checklist");
    lxw_worksheet *sheet2 = workbook_add_worksheet(book, "Summary");
    lxw_format *header = workbook_add_format(book);
    format_set_bold(header); format_set_bg_color(header, 0xE2001A); format_set_font_color(header, 0xFFFFFF);
    format_set_text_wrap(header); format_set_align(header, LXW_ALIGN_VERTICAL_TOP);
    lxw_format *wrap = workbook_add_format(book);
    format_set_text_wrap(wrap); format_set_align(wrap, LXW_ALIGN_VERTICAL_TOP);
    lxw_format *pass = workbook_add_format(book);
    format_set_bg_color(pass, 0xC6EFCE); format_set_font_color(pass, 0x006100);
    lxw_format *fail = workbook_add_format(book);
    format_set_bg_color(fail, 0xFFC7CE); format_set_font_color(fail, 0x9C0006);
    double widths[COLUMNS] = {34, 20, 10, 14, 26, 60, 16, 16, 12, 12, 40, 14};
    for (int c = 0; c < COLUMNS; c++) worksheet_set_column(checklist, c, c, widths[c], wrap);
    worksheet_freeze_panes(checklist, 1, 0);

    size_t capacity = 1 << 16;
    char *line = malloc(capacity);
    lxw_row_t row = 0;
    ssize_t length;
    while ((length = getline(&line, &capacity, rows)) > 0) {
        if (line[length - 1] == '\n') line[length - 1] = '\0';
        char *cursor = line;
        for (int c = 0; c < COLUMNS; c++) {
            char *cell = next_field(&cursor);
            if (*cell) worksheet_write_string(checklist, row, c, cell, row == 0 ? header : wrap);
        }
        row++;
    }
    lxw_row_t last = row > 1 ? row - 1 : 1;
    worksheet_autofilter(checklist, 0, 0, last, COLUMNS - 1);
    char *statuses[] = {"Pass", "Fail", "Not applicable", "Not tested", "Cannot tell", NULL};
    char *severities[] = {"Critical", "High", "Medium", "Low", NULL};
    lxw_data_validation result = {.validate = LXW_VALIDATION_TYPE_LIST, .dropdown = LXW_VALIDATION_ON,
                                  .ignore_blank = LXW_VALIDATION_ON, .show_error = LXW_VALIDATION_ON, .value_list = statuses};
    worksheet_data_validation_range(checklist, 1, 6, last, 6, &result);
    lxw_data_validation severity = result;
    severity.value_list = severities;
    worksheet_data_validation_range(checklist, 1, 7, last, 7, &severity);
    lxw_conditional_format green = {.type = LXW_CONDITIONAL_TYPE_CELL, .criteria = LXW_CONDITIONAL_CRITERIA_EQUAL_TO,
                                    .value_string = "\"Pass\"", .format = pass};
    lxw_conditional_format red = green;
    red.value_string = "\"Fail\"";
    red.format = fail;
    worksheet_conditional_format_range(checklist, 1, 6, last, 6, &green);
    worksheet_conditional_format_range(checklist, 1, 6, last, 6, &red);

    char formula[1024];
    const char *summary_header[] = {"Component", "Platform", "Checks", "Pass", "Fail", "Not applicable",
                                    "Not tested", "Cannot tell", "Conformance"};
    for (int c = 0; c < 9; c++) worksheet_write_string(sheet2, 0, c, summary_header[c], header);
    lxw_row_t srow = 1;
    while ((length = getline(&line, &capacity, summary)) > 0) {
        if (line[length - 1] == '\n') line[length - 1] = '\0';
        char *cursor = line;
        char *component = next_field(&cursor), *platform = next_field(&cursor), *pattern = next_field(&cursor);
        double count = atof(next_field(&cursor));
        worksheet_write_string(sheet2, srow, 0, component, NULL);
        worksheet_write_string(sheet2, srow, 1, platform, NULL);
        snprintf(formula, sizeof formula, "=COUNTIFS(Checklist!$A$2:$A$%u,\"%s\")", last + 1, pattern);
        worksheet_write_formula_num(sheet2, srow, 2, formula, NULL, count);
        for (int s = 0; s < 5; s++) {
            snprintf(formula, sizeof formula, "=COUNTIFS(Checklist!$A$2:$A$%u,\"%s\",Checklist!$G$2:$G$%u,\"%s\")",
                     last + 1, pattern, last + 1, statuses[s]);
            worksheet_write_formula_num(sheet2, srow, 3 + s, formula, NULL, s == 3 ? count : 0);
        }
        snprintf(formula, sizeof formula,
                 "=IF(F%u=C%u,\"Not Applicable\",IF(E%u>0,IF(D%u>0,\"Partially Supports\",\"Does Not Support\"),"
                 "IF(G%u+H%u>0,\"Not Evaluated\",\"Supports\")))", srow + 1, srow + 1, srow + 1, srow + 1, srow + 1, srow + 1);
        worksheet_write_formula_str(sheet2, srow, 8, formula, NULL, "Not Evaluated");
        srow++;
    }
    free(line);
    fclose(rows);
    fclose(summary);
    lxw_error error = workbook_close(book);
    if (error) { fprintf(stderr, "%s\n", lxw_strerror(error)); return 1; }
    return 0;
}
