/*
 * Baseline for the XLSX benchmark: writes the workbook criteria's audit exporter writes, straight from C
 * with libxlsxwriter, level with the product:
 *   Checklist: every layout column (WCAG included), widths, wrap, frozen header, print set-up (landscape,
 *     margins, one page wide, header row repeated, footer), each row's height from the same estimate as
 *     criteria's RowHeight (computed here, over UTF-8 scalars), autofilter, two dropdowns, two colour rules;
 *   Names: Checklist_Component, _ID, _Platform, _Result and _WCAG for the columns the formulas count over;
 *   Summary: per component and platform, COUNTIFS formulas built here with their cached values, the
 *     conformance formula, the hidden label column, print set-up, one stacked bar chart per 30 rows with
 *     its page breaks;
 *   WCAG: per success criterion, the COUNTIFS counts (four patterns each, in one array constant) for
 *     web and software rows and a conformance formula averaging the failing shares of the next sheet,
 *     built here;
 *   WCAG by component: per criterion, product type and unit (a component on one platform), the unit's
 *     Pass and Fail COUNTIFS counts (four patterns each, with the unit's id pattern) and its failing share
 *     formula, built here.
 * No allocation per cell: the inputs are read whole before the clock starts (criteria's exporter, timed
 * the same way, starts from its model in memory), lines and fields are cut in place, formulas go into one
 * reused buffer. Prints the seconds from the first cell to the closed file. Compiled with the product's
 * Sources/CZipLevel/zip_level.c, so that its parts are deflated at the level the product's are.
 *
 * usage: xlsx_baseline ROWS.tsv SUMMARY.tsv WCAG.tsv UNITS.tsv OUT.xlsx TITLE   (prints the seconds)
 *   ROWS.tsv     header names, then column widths, then one checklist row per line (tab-separated)
 *   SUMMARY.tsv  component, platform, id pattern, checks, five cached counts, cached conformance, label
 *   WCAG.tsv     number, handle, level, then for web and for software: total, five counts, conformance
 *   UNITS.tsv    number, product type, component, platform, id pattern, pass, fail, failing share
 *                (empty when nothing was evaluated)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <xlsxwriter.h>

#define MAX_COLUMNS 64
#define STATUSES 5
#define BARS_PER_CHART 30

static char *statuses[] = {"Pass", "Fail", "Not applicable", "Not tested", "Cannot tell", NULL};
static char *severities[] = {"Critical", "High", "Medium", "Low", NULL};

static char *read_all(const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) { perror(path); exit(1); }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    if (fread(text, 1, (size_t)size, file) != (size_t)size) { perror(path); exit(1); }
    text[size] = '\0';
    fclose(file);
    return text;
}

/* The next line, cut in place; NULL at the end. */
static char *next_line(char **cursor) {
    if (!**cursor) return NULL;
    char *start = *cursor;
    char *end = strchr(start, '\n');
    if (end) { *end = '\0'; *cursor = end + 1; } else { *cursor = start + strlen(start); }
    return start;
}

static char *next_field(char **cursor) {
    char *start = *cursor;
    char *tab = strchr(start, '\t');
    if (tab) { *tab = '\0'; *cursor = tab + 1; } else { *cursor = start + strlen(start); }
    return start;
}

/* The lines a text wraps to in a column `width` characters wide: criteria's RowHeight.lines, over UTF-8
 * scalars (a continuation byte is not a new scalar). */
static int wrapped_lines(const unsigned char *text, double width) {
    int capacity = (int)(width * 1.15) - 1;
    if (capacity < 1) capacity = 1;
    int total = 0, lines = 1, used = 0, word = 0;
#define PLACE()                                                                   \
    do {                                                                          \
        if (word > 0) {                                                           \
            if (used + word <= capacity) used += word;                            \
            else if (word <= capacity) { lines += used == 0 ? 0 : 1; used = word; } \
            else {                                                                \
                if (used > 0) lines += 1;                                         \
                lines += (word - 1) / capacity;                                   \
                used = (word - 1) % capacity + 1;                                 \
            }                                                                     \
            word = 0;                                                             \
        }                                                                         \
    } while (0)
    for (const unsigned char *p = text; *p; p++) {
        unsigned char c = *p;
        if ((c & 0xC0) == 0x80) continue;
        if (c == '\n') { PLACE(); total += lines; lines = 1; used = 0; }
        else if (c == ' ' || c == '/' || c == '-') { word++; PLACE(); }
        else word++;
    }
    PLACE();
#undef PLACE
    total += lines;
    return total > 1 ? total : 1;
}

static double row_points(int lines) {
    double points = lines * 15.0 + 2;
    return points > 409 ? 409 : points;
}

static void column_letters(int column, char *out) {
    char buffer[8];
    int n = 0;
    column += 1;
    while (column > 0) { int r = (column - 1) % 26; buffer[n++] = (char)('A' + r); column = (column - 1) / 26; }
    for (int i = 0; i < n; i++) out[i] = buffer[n - 1 - i];
    out[n] = '\0';
}

static void print_setup(lxw_worksheet *sheet, const char *footer) {
    worksheet_set_landscape(sheet);
    worksheet_set_margins(sheet, 0.4, 0.4, 0.5, 0.6);
    worksheet_fit_to_pages(sheet, 1, 0);
    worksheet_repeat_rows(sheet, 0, 0);
    worksheet_set_footer(sheet, footer);
}

/* A table's header row as tall as its wrapped titles, the widths, the frozen header and the print set-up
 * (criteria's XLSXSheet.startTable with tallHeader). */
static void start_table(lxw_worksheet *sheet, const char *const *names, const double *widths, int n,
                        lxw_format *header, const char *footer) {
    int lines = 1;
    for (int c = 0; c < n; c++) {
        worksheet_set_column(sheet, c, c, widths[c], NULL);
        worksheet_write_string(sheet, 0, c, names[c], header);
        int l = wrapped_lines((const unsigned char *)names[c], widths[c]);
        if (l > lines) lines = l;
    }
    worksheet_set_row(sheet, 0, row_points(lines), NULL);
    worksheet_freeze_panes(sheet, 1, 0);
    print_setup(sheet, footer);
}

/* A criterion number as a COUNTIFS text pattern: '?' for each dot (criteria's WCAGSheet.pattern). */
static void criterion_pattern(const char *number, char *out, size_t size) {
    snprintf(out, size, "%s", number);
    for (char *p = out; *p; p++) if (*p == '.') *p = '?';
}

/* One criterion's count over the WCAG column, under `condition`, into `out`: one COUNTIFS given the
 * four patterns (alone, first, last, in the middle of the list) as an array constant, summed. */
static void wcag_countifs(char *out, size_t size, const char *wcag_range, const char *pattern,
                          const char *condition) {
    snprintf(out, size, "=SUMPRODUCT(COUNTIFS(%s,{\"%s\",\"%s, *\",\"*, %s\",\"*, %s, *\"}%s))", wcag_range,
             pattern, pattern, pattern, pattern, condition);
}

/* The WCAG by component sheet from UNITS.tsv; returns the rows written. */
static lxw_row_t write_units(lxw_worksheet *sheet, char **units, lxw_format *header, lxw_format *centred,
                             lxw_format *share, const char *footer, const char *id_range,
                             const char *result_range, const char *wcag_range, char *formula, size_t size) {
    const char *names[7] = {"Criterion", "Product type", "Component", "Platform", "Pass", "Fail", "Failing share"};
    double widths[7] = {9, 10, 28, 10, 9, 9, 11};
    start_table(sheet, names, widths, 7, header, footer);
    lxw_row_t row = 1;
    char *line;
    while ((line = next_line(units))) {
        char *cursor = line;
        char *number = next_field(&cursor), *kind = next_field(&cursor), *component = next_field(&cursor);
        char *platform = next_field(&cursor), *id_pattern = next_field(&cursor);
        double passed = atof(next_field(&cursor)), failed = atof(next_field(&cursor));
        char *cached_share = next_field(&cursor);
        worksheet_write_string(sheet, row, 0, number, NULL);
        worksheet_write_string(sheet, row, 1, kind, NULL);
        worksheet_write_string(sheet, row, 2, component, NULL);
        worksheet_write_string(sheet, row, 3, platform, NULL);
        char pattern[16];
        criterion_pattern(number, pattern, sizeof pattern);
        char condition[200];
        snprintf(condition, sizeof condition, ",%s,\"%s\",%s,\"Pass\"", id_range, id_pattern, result_range);
        wcag_countifs(formula, size, wcag_range, pattern, condition);
        worksheet_write_formula_num(sheet, row, 4, formula, centred, passed);
        snprintf(condition, sizeof condition, ",%s,\"%s\",%s,\"Fail\"", id_range, id_pattern, result_range);
        wcag_countifs(formula, size, wcag_range, pattern, condition);
        worksheet_write_formula_num(sheet, row, 5, formula, centred, failed);
        unsigned r = row + 1;
        snprintf(formula, size, "=IF(E%u+F%u=0,\"\",F%u/(E%u+F%u))", r, r, r, r, r);
        if (*cached_share) worksheet_write_formula_num(sheet, row, 6, formula, share, atof(cached_share));
        else worksheet_write_formula_str(sheet, row, 6, formula, share, "");
        row++;
    }
    worksheet_autofilter(sheet, 0, 0, row - 1 > 0 ? row - 1 : 1, 6);
    return row - 1;
}

int main(int argc, char **argv) {
    if (argc != 7) {
        fprintf(stderr, "usage: %s ROWS.tsv SUMMARY.tsv WCAG.tsv UNITS.tsv OUT.xlsx TITLE\n", argv[0]);
        return 2;
    }
    char *rows_text = read_all(argv[1]), *summary_text = read_all(argv[2]), *wcag_text = read_all(argv[3]);
    char *units_text = read_all(argv[4]);
    char *rows = rows_text, *summary = summary_text, *wcag = wcag_text, *units = units_text;
    const char *output = argv[5], *title = argv[6];
    struct timespec started, finished;
    clock_gettime(CLOCK_MONOTONIC, &started);
    char footer[300];
    snprintf(footer, sizeof footer, "&L%s&C&A&RPage &P of &N", title);
    /* Temporary files beside the output, as criteria keeps them. */
    char folder[4096];
    snprintf(folder, sizeof folder, "%s", output);
    char *slash = strrchr(folder, '/');
    if (slash) *slash = '\0'; else snprintf(folder, sizeof folder, ".");
    lxw_workbook_options options = {.constant_memory = LXW_TRUE, .tmpdir = folder, .use_zip64 = LXW_TRUE};
    lxw_workbook *book = workbook_new_opt(output, &options);
    lxw_doc_properties properties = {.title = (char *)title, .subject = "Accessibility acceptance criteria"};
    workbook_set_properties(book, &properties);
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
    lxw_format *centred = workbook_add_format(book);
    format_set_align(centred, LXW_ALIGN_CENTER);
    lxw_format *share = workbook_add_format(book);
    format_set_align(share, LXW_ALIGN_CENTER);
    format_set_num_format(share, "0%");

    char *line;
    /* The header and the widths. */
    char names[MAX_COLUMNS][64];
    double widths[MAX_COLUMNS];
    int columns = 0, result_column = -1, severity_column = -1, id_column = -1, wcag_column = -1, platform_column = -1;
    int component_column = -1;
    char letters[8];
    if ((line = next_line(&rows))) {
        char *cursor = line;
        while (*cursor && columns < MAX_COLUMNS) {
            char *name = next_field(&cursor);
            snprintf(names[columns], sizeof names[columns], "%s", name);
            if (!strcmp(name, "Result")) result_column = columns;
            if (!strcmp(name, "Severity")) severity_column = columns;
            if (!strcmp(name, "ID")) id_column = columns;
            if (!strcmp(name, "WCAG")) wcag_column = columns;
            if (!strcmp(name, "Platform")) platform_column = columns;
            if (!strcmp(name, "Component")) component_column = columns;
            columns++;
        }
    }
    if ((line = next_line(&rows))) {
        char *cursor = line;
        for (int c = 0; c < columns; c++) widths[c] = atof(next_field(&cursor));
    }
    for (int c = 0; c < columns; c++) {
        worksheet_set_column(checklist, c, c, widths[c], wrap);
        worksheet_write_string(checklist, 0, c, names[c], header);
    }
    worksheet_freeze_panes(checklist, 1, 0);
    print_setup(checklist, footer);

    lxw_row_t row = 1;
    char *cells[MAX_COLUMNS];
    while ((line = next_line(&rows))) {
        char *cursor = line;
        int lines = 1;
        for (int c = 0; c < columns; c++) {
            cells[c] = next_field(&cursor);
            if (*cells[c]) {
                int n = wrapped_lines((const unsigned char *)cells[c], widths[c]);
                if (n > lines) lines = n;
            }
        }
        worksheet_set_row(checklist, row, row_points(lines), NULL);
        for (int c = 0; c < columns; c++)
            if (*cells[c]) worksheet_write_string(checklist, row, c, cells[c], wrap);
        row++;
    }
    lxw_row_t checks = row - 1;
    lxw_row_t last = checks > 0 ? checks : 1;
    worksheet_autofilter(checklist, 0, 0, last, columns - 1);
    lxw_data_validation result = {.validate = LXW_VALIDATION_TYPE_LIST, .dropdown = LXW_VALIDATION_ON,
                                  .ignore_blank = LXW_VALIDATION_ON, .show_error = LXW_VALIDATION_ON, .value_list = statuses};
    worksheet_data_validation_range(checklist, 1, result_column, last, result_column, &result);
    lxw_conditional_format green = {.type = LXW_CONDITIONAL_TYPE_CELL, .criteria = LXW_CONDITIONAL_CRITERIA_EQUAL_TO,
                                    .value_string = "\"Pass\"", .format = pass};
    lxw_conditional_format red = green;
    red.value_string = "\"Fail\"";
    red.format = fail;
    worksheet_conditional_format_range(checklist, 1, result_column, last, result_column, &green);
    worksheet_conditional_format_range(checklist, 1, result_column, last, result_column, &red);
    lxw_data_validation severity = result;
    severity.value_list = severities;
    worksheet_data_validation_range(checklist, 1, severity_column, last, severity_column, &severity);

    /* The names of the ranges every formula counts over, as criteria defines them. */
    const char *named[5] = {"Component", "ID", "Platform", "Result", "WCAG"};
    int named_columns[5] = {component_column, id_column, platform_column, result_column, wcag_column};
    for (int n = 0; n < 5; n++) {
        char name[32], range[64];
        column_letters(named_columns[n], letters);
        snprintf(name, sizeof name, "Checklist_%s", named[n]);
        snprintf(range, sizeof range, "=Checklist!$%s$2:$%s$%u", letters, letters, last + 1);
        workbook_define_name(book, name, range);
    }
    const char *id_range = "Checklist_ID", *result_range = "Checklist_Result", *wcag_range = "Checklist_WCAG";
    const char *platform_range = "Checklist_Platform";

    /* Summary. */
    char formula[8192];
    const char *summary_header[] = {"Component", "Platform", "Checks", "Pass", "Fail", "Not applicable",
                                    "Not tested", "Cannot tell", "Conformance"};
    for (int c = 0; c < 9; c++) {
        worksheet_set_column(sheet2, c, c, c == 0 ? 28 : (c == 8 ? 20 : 13), NULL);
        worksheet_write_string(sheet2, 0, c, summary_header[c], header);
    }
    worksheet_write_string(sheet2, 0, 9, "Chart label", header);
    lxw_row_col_options hidden = {.hidden = 1};
    worksheet_set_column_opt(sheet2, 9, 9, 30, NULL, &hidden);
    worksheet_freeze_panes(sheet2, 1, 0);
    print_setup(sheet2, footer);
    lxw_row_t srow = 1;
    while ((line = next_line(&summary))) {
        char *cursor = line;
        char *component = next_field(&cursor), *platform = next_field(&cursor), *pattern = next_field(&cursor);
        double count = atof(next_field(&cursor));
        double counts[STATUSES];
        for (int s = 0; s < STATUSES; s++) counts[s] = atof(next_field(&cursor));
        char *conformance = next_field(&cursor), *label = next_field(&cursor);
        worksheet_write_string(sheet2, srow, 0, component, NULL);
        worksheet_write_string(sheet2, srow, 1, platform, NULL);
        snprintf(formula, sizeof formula, "=COUNTIFS(%s,\"%s\")", id_range, pattern);
        worksheet_write_formula_num(sheet2, srow, 2, formula, centred, count);
        for (int s = 0; s < STATUSES; s++) {
            snprintf(formula, sizeof formula, "=COUNTIFS(%s,\"%s\",%s,\"%s\")", id_range, pattern, result_range,
                     statuses[s]);
            worksheet_write_formula_num(sheet2, srow, 3 + s, formula, centred, counts[s]);
        }
        unsigned r = srow + 1;
        snprintf(formula, sizeof formula,
                 "=IF(E%u>0,IF(2*E%u>D%u+E%u,\"Does Not Support\",\"Partially Supports\"),"
                 "IF(F%u=C%u,\"Not Applicable\",IF(D%u+F%u<C%u,\"Not Evaluated\",\"Supports\")))",
                 r, r, r, r, r, r, r, r, r);
        worksheet_write_formula_str(sheet2, srow, 8, formula, NULL, conformance);
        worksheet_write_string(sheet2, srow, 9, label, NULL);
        srow++;
    }
    lxw_row_t groups = srow - 1;
    worksheet_autofilter(sheet2, 0, 0, groups > 0 ? groups : 1, 8);
    /* The charts: one per 30 groups, below the table, each further one on a page of its own. */
    lxw_color_t colours[STATUSES] = {0x4CAF50, 0xE53935, 0x9E9E9E, 0xCFD8DC, 0xFFB300};
    int parts = (int)((groups + BARS_PER_CHART - 1) / BARS_PER_CHART);
    lxw_row_t anchor = groups + 2;
    lxw_row_t *breaks = calloc((size_t)parts + 1, sizeof *breaks);
    int nbreaks = 0;
    for (int part = 0; part < parts; part++) {
        lxw_row_t first = (lxw_row_t)part * BARS_PER_CHART;
        lxw_row_t end = first + BARS_PER_CHART < groups ? first + BARS_PER_CHART : groups;
        lxw_chart *chart = workbook_add_chart(book, LXW_CHART_BAR_STACKED);
        for (int s = 0; s < STATUSES; s++) {
            lxw_chart_series *series = chart_add_series(chart, NULL, NULL);
            chart_series_set_categories(series, "Summary", first + 1, 9, end, 9);
            chart_series_set_values(series, "Summary", first + 1, 3 + s, end, 3 + s);
            chart_series_set_name(series, statuses[s]);
            lxw_chart_fill fill = {.color = colours[s]};
            chart_series_set_fill(series, &fill);
        }
        char title[96];
        if (parts == 1) snprintf(title, sizeof title, "Results per component and platform");
        else snprintf(title, sizeof title, "Results per component and platform (%d of %d)", part + 1, parts);
        chart_title_set_name(chart, title);
        chart_axis_set_interval_unit(chart->y_axis, 1);
        chart_show_hidden_data(chart);
        chart_legend_set_position(chart, LXW_CHART_LEGEND_BOTTOM);
        double height = (double)(end - first) * 18 + 110;
        if (height < 288) height = 288;
        if (height > 620) height = 620;
        if (part > 0 || (double)(groups + 1) * 20 + 40 + height > 667) breaks[nbreaks++] = anchor;
        lxw_chart_options placement = {.x_offset = 4, .y_offset = 4, .x_scale = 960.0 / 480, .y_scale = height / 288};
        worksheet_insert_chart_opt(sheet2, anchor, 0, chart, &placement);
        anchor += (lxw_row_t)((height + 19) / 20) + 2;
    }
    if (nbreaks > 0) { breaks[nbreaks] = 0; worksheet_set_h_pagebreaks(sheet2, breaks); }

    /* WCAG: per success criterion, web and software counts over the WCAG column, four patterns each. */
    lxw_worksheet *sheet3 = NULL;
    lxw_row_t wrow = 1, urows = 0;
    const char *kinds[2] = {"Web", "Software"}, *conditions[2] = {"\"Web\"", "\"<>Web\""};
    char share_range[96], number_range[96], kind_range[96];
    while ((line = next_line(&wcag))) {
        if (!sheet3) {
            sheet3 = workbook_add_worksheet(book, "WCAG");
            lxw_worksheet *sheet4 = workbook_add_worksheet(book, "WCAG by component");
            urows = write_units(sheet4, &units, header, centred, share, footer, id_range, result_range, wcag_range,
                                formula, sizeof formula);
            lxw_row_t ulast = urows > 0 ? urows : 1;
            snprintf(share_range, sizeof share_range, "'WCAG by component'!$G$2:$G$%u", ulast + 1);
            snprintf(number_range, sizeof number_range, "'WCAG by component'!$A$2:$A$%u", ulast + 1);
            snprintf(kind_range, sizeof kind_range, "'WCAG by component'!$B$2:$B$%u", ulast + 1);
            char texts[3 + 2 * (STATUSES + 2)][48];
            double wwidths[3 + 2 * (STATUSES + 2)];
            int n = 0;
            snprintf(texts[n++], 48, "Criterion"); snprintf(texts[n++], 48, "Name"); snprintf(texts[n++], 48, "Level");
            for (int k = 0; k < 2; k++) {
                snprintf(texts[n++], 48, "%s checks", kinds[k]);
                for (int s = 0; s < STATUSES; s++) snprintf(texts[n++], 48, "%s: %s", kinds[k], statuses[s]);
                snprintf(texts[n++], 48, "%s conformance", kinds[k]);
            }
            const char *titles[3 + 2 * (STATUSES + 2)];
            for (int c = 0; c < n; c++) {
                wwidths[c] = c == 1 ? 30 : (c < 3 ? 9 : ((c - 3) % (STATUSES + 2) == STATUSES + 1 ? 19 : 10));
                titles[c] = texts[c];
            }
            start_table(sheet3, titles, wwidths, n, header, footer);
        }
        char *cursor = line;
        char *number = next_field(&cursor), *handle = next_field(&cursor), *level = next_field(&cursor);
        worksheet_write_string(sheet3, wrow, 0, number, NULL);
        worksheet_write_string(sheet3, wrow, 1, handle, NULL);
        worksheet_write_string(sheet3, wrow, 2, level, NULL);
        char pattern[16];
        criterion_pattern(number, pattern, sizeof pattern);
        for (int k = 0; k < 2; k++) {
            int first = 3 + k * (STATUSES + 2);
            for (int s = -1; s < STATUSES; s++) {
                double value = atof(next_field(&cursor));
                char condition[160];
                if (s < 0) snprintf(condition, sizeof condition, ",%s,%s", platform_range, conditions[k]);
                else snprintf(condition, sizeof condition, ",%s,%s,%s,\"%s\"", platform_range, conditions[k],
                              result_range, statuses[s]);
                wcag_countifs(formula, sizeof formula, wcag_range, pattern, condition);
                worksheet_write_formula_num(sheet3, wrow, first + 1 + s, formula, centred, value);
            }
            char *conformance = next_field(&cursor);
            char t[8], p[8], f[8], a[8];
            column_letters(first, t); column_letters(first + 1, p); column_letters(first + 2, f); column_letters(first + 3, a);
            unsigned r = wrow + 1;
            snprintf(formula, sizeof formula,
                     "=IF(%s%u=0,\"\",IF(%s%u>0,IF(AVERAGEIFS(%s,%s,\"%s\",%s,\"%s\")>0.5,\"Does Not Support\","
                     "\"Partially Supports\"),"
                     "IF(%s%u=%s%u,\"Not Applicable\",IF(%s%u+%s%u<%s%u,\"Not enough evidence\",\"Supports\"))))",
                     t, r, f, r, share_range, number_range, pattern, kind_range, kinds[k], a, r, t, r, p, r, a, r, t,
                     r);
            worksheet_write_formula_str(sheet3, wrow, first + STATUSES + 1, formula, NULL, conformance);
        }
        wrow++;
    }
    if (sheet3) worksheet_autofilter(sheet3, 0, 0, wrow - 1 > 0 ? wrow - 1 : 1, 3 + 2 * (STATUSES + 2) - 1);
    free(breaks);
    lxw_error error = workbook_close(book);
    clock_gettime(CLOCK_MONOTONIC, &finished);
    if (error) { fprintf(stderr, "%s\n", lxw_strerror(error)); return 1; }
    printf("%.6f\n", (double)(finished.tv_sec - started.tv_sec) + (finished.tv_nsec - started.tv_nsec) / 1e9);
    free(rows_text);
    free(summary_text);
    free(wcag_text);
    free(units_text);
    return 0;
}
