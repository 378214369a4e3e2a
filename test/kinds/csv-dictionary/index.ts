/** The CSV data dictionary family as app.ts registers a family: its kind module and its connector. */
import type { SourceKindRegistration } from '../../../src/app.js';
import { createCsvDictionaryConnector } from './csv-dictionary-connector.js';
import { csvDictionaryKind } from './csv-dictionary-kind.js';

export const csvDictionary: SourceKindRegistration = { kind: csvDictionaryKind, connectors: () => [['csv-dictionary', createCsvDictionaryConnector()]] };
