/* Parses every file named on the command line with libxml2 (as Galley's feed check does), reporting failures. */
#include <libxml/parser.h>
#include <stdio.h>
int main(int argc, char **argv) {
    xmlInitParser();
    int bad = 0;
    for (int i = 1; i < argc; i++) {
        xmlDocPtr doc = xmlReadFile(argv[i], NULL, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_BIG_LINES);
        if (!doc) { bad++; continue; }
        xmlFreeDoc(doc);
    }
    printf("%d files, %d not well-formed\n", argc - 1, bad);
    return bad != 0;
}
