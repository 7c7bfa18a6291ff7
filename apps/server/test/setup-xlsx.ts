// Every test file: exceljs must load after its chunk-safe SAX decoder is installed (see src/lib/xlsx-utf8.ts), also
// when the test file itself imports exceljs before the app.
import '../src/lib/xlsx-utf8';
