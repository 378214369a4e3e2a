/**
 * Test helper: writes a tiny ONNX "sentence encoder" model directory, no download needed.
 * The graph is a single Gather over an [vocab, 8] float table (last_hidden_state = table[input_ids]),
 * with a WordLevel tokenizer; the ModelProto is encoded by hand with a minimal protobuf writer.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const TINY_HIDDEN_SIZE = 8;
export const TINY_SPECIAL_TOKENS = ['[PAD]', '[UNK]', '[CLS]', '[SEP]'] as const;
export const TINY_WORDS = [
  'customer',
  'order',
  'line',
  'item',
  'quantity',
  'price',
  'amount',
  'invoice',
  'date',
  'status',
  'ticket',
  'escalation',
  'history',
  'product',
  'category',
  'user',
  'account',
  'payment',
  'balance',
  'total',
  'address',
  'email',
  'phone',
  'name',
  'the',
  'of',
  'a',
  'table',
  'column',
  'id',
] as const;

export interface TinyOnnxModel {
  dir: string;
  vocab: readonly string[];
  hiddenSize: number;
}

/** Writes config.json, tokenizer.json, tokenizer_config.json and onnx/model.onnx under `dir`. */
export function writeTinyOnnxModel(dir: string, options: { hiddenSizeInConfig?: boolean } = {}): TinyOnnxModel {
  const vocab = [...TINY_SPECIAL_TOKENS, ...TINY_WORDS];
  mkdirSync(join(dir, 'onnx'), { recursive: true });
  writeFileSync(join(dir, 'onnx', 'model.onnx'), encodeGatherModel(vocab.length, TINY_HIDDEN_SIZE));
  const config: Record<string, unknown> = { model_type: 'bert', architectures: ['BertModel'], vocab_size: vocab.length };
  if (options.hiddenSizeInConfig !== false) config.hidden_size = TINY_HIDDEN_SIZE;
  writeFileSync(join(dir, 'config.json'), JSON.stringify(config, null, 2));
  writeFileSync(join(dir, 'tokenizer.json'), JSON.stringify(wordLevelTokenizer(vocab), null, 2));
  writeFileSync(
    join(dir, 'tokenizer_config.json'),
    JSON.stringify(
      {
        tokenizer_class: 'BertTokenizer',
        do_lower_case: true,
        model_max_length: 32,
        pad_token: '[PAD]',
        unk_token: '[UNK]',
        cls_token: '[CLS]',
        sep_token: '[SEP]',
      },
      null,
      2,
    ),
  );
  return { dir, vocab, hiddenSize: TINY_HIDDEN_SIZE };
}

function wordLevelTokenizer(vocab: readonly string[]): unknown {
  const id = (token: string): number => vocab.indexOf(token);
  const special = (token: string) => ({ SpecialToken: { id: token, type_id: 0 } });
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: TINY_SPECIAL_TOKENS.map((content) => ({
      id: id(content),
      content,
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special: true,
    })),
    normalizer: { type: 'Lowercase' },
    pre_tokenizer: { type: 'Whitespace' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [special('[CLS]'), { Sequence: { id: 'A', type_id: 0 } }, special('[SEP]')],
      pair: [special('[CLS]'), { Sequence: { id: 'A', type_id: 0 } }, special('[SEP]'), { Sequence: { id: 'B', type_id: 1 } }, special('[SEP]')],
      special_tokens: Object.fromEntries(['[CLS]', '[SEP]'].map((token) => [token, { id: token, ids: [id(token)], tokens: [token] }])),
    },
    decoder: null,
    model: { type: 'WordLevel', vocab: Object.fromEntries(vocab.map((token, i) => [token, i])), unk_token: '[UNK]' },
  };
}

// ---- a minimal protobuf writer, just enough for onnx.proto's ModelProto ----

type Bytes = Uint8Array;

function varint(value: number): Bytes {
  const out: number[] = [];
  let v = value;
  while (v > 0x7f) {
    out.push((v & 0x7f) | 0x80);
    v = Math.floor(v / 128);
  }
  out.push(v);
  return Uint8Array.from(out);
}

function concat(parts: readonly Bytes[]): Bytes {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const key = (field: number, wire: number): Bytes => varint((field << 3) | wire);
const intField = (field: number, value: number): Bytes => concat([key(field, 0), varint(value)]);
const bytesField = (field: number, value: Bytes): Bytes => concat([key(field, 2), varint(value.length), value]);
const stringField = (field: number, value: string): Bytes => bytesField(field, new TextEncoder().encode(value));
const message = (field: number, ...parts: Bytes[]): Bytes => bytesField(field, concat(parts));

const FLOAT = 1;
const INT64 = 7;

/** ValueInfoProto { name = 1, type = 2 { tensor_type = 1 { elem_type = 1, shape = 2 { dim = 1 } } } }. */
function valueInfo(field: number, name: string, elemType: number, dims: readonly (number | string)[]): Bytes {
  const shape = dims.map((d) => message(1, typeof d === 'number' ? intField(1, d) : stringField(2, d)));
  return message(field, stringField(1, name), message(2, message(1, intField(1, elemType), message(2, ...shape))));
}

/** A deterministic, non-zero embedding table: every row differs and none is all-zero. */
export function tinyEmbeddingTable(vocabSize: number, hidden: number): Float32Array {
  const table = new Float32Array(vocabSize * hidden);
  for (let r = 0; r < vocabSize; r++) {
    for (let c = 0; c < hidden; c++) table[r * hidden + c] = Math.sin(r * 12.9898 + c * 78.233 + 1) * 0.5 + (c === r % hidden ? 1 : 0);
  }
  return table;
}

function encodeGatherModel(vocabSize: number, hidden: number): Bytes {
  const table = tinyEmbeddingTable(vocabSize, hidden);
  const raw = new Uint8Array(table.buffer.slice(0)); // little-endian on every platform we run on
  // TensorProto { dims = 1, data_type = 2, name = 8, raw_data = 9 }
  const initializer = message(5, intField(1, vocabSize), intField(1, hidden), intField(2, FLOAT), stringField(8, 'embeddings'), bytesField(9, raw));
  // NodeProto { input = 1, output = 2, name = 3, op_type = 4 }: Gather(data, indices), axis 0.
  const node = message(
    1,
    stringField(1, 'embeddings'),
    stringField(1, 'input_ids'),
    stringField(2, 'last_hidden_state'),
    stringField(3, 'lookup'),
    stringField(4, 'Gather'),
  );
  const graph = message(
    7,
    node,
    stringField(2, 'tiny-encoder'),
    initializer,
    valueInfo(11, 'input_ids', INT64, ['batch', 'sequence']),
    valueInfo(11, 'attention_mask', INT64, ['batch', 'sequence']),
    valueInfo(12, 'last_hidden_state', FLOAT, ['batch', 'sequence', hidden]),
  );
  // ModelProto { ir_version = 1, producer_name = 2, graph = 7, opset_import = 8 { domain = 1, version = 2 } }
  return concat([intField(1, 8), stringField(2, 'sextant-tests'), graph, message(8, stringField(1, ''), intField(2, 13))]);
}
