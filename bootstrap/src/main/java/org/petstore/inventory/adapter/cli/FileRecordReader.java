package org.petstore.inventory.adapter.cli;

/**
 * What the readers of both file formats share: the file's bytes (a byte order mark at its start skipped), the kind of
 * record its lines hold, their UTF-8 decoding, and how far the file has been read.
 */
abstract class FileRecordReader implements RecordReader {

    final ByteInput in;
    final RecordKind kind;
    final Utf8 utf8 = new Utf8();

    FileRecordReader(ByteInput in, RecordKind kind) {
        this.in = in;
        this.kind = kind;
        in.skipByteOrderMark();
    }

    @Override
    public long bytesRead() {
        return in.consumed();
    }
}
