package org.petstore.inventory.adapter.cli;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

/** Strict UTF-8 decoding of the bytes of a line or field: anything that is not UTF-8 is reported, never replaced. */
final class Utf8 {

    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);

    /** Bytes that are not valid UTF-8: where ({@code offset} from the start of the decoded bytes) and which. */
    static final class InvalidUtf8Exception extends Exception {

        InvalidUtf8Exception(int offset, int value) {
            super("not valid UTF-8: byte 0x" + HexFormat.of().withUpperCase().toHexDigits((byte) value)
                    + " at byte " + (offset + 1) + "; save the file as UTF-8", null, false, false);
        }
    }

    /** The text of {@code length} bytes from {@code offset}. */
    String decode(byte[] bytes, int offset, int length) throws InvalidUtf8Exception {
        boolean ascii = true;
        for (int i = offset; i < offset + length; i++) {
            if (bytes[i] < 0) {
                ascii = false;
                break;
            }
        }
        if (ascii) {
            return new String(bytes, offset, length, StandardCharsets.ISO_8859_1);
        }
        ByteBuffer in = ByteBuffer.wrap(bytes, offset, length);
        CharBuffer out = CharBuffer.allocate(length);
        decoder.reset();
        CoderResult result = decoder.decode(in, out, true);
        if (result.isError()) {
            int at = in.position();
            throw new InvalidUtf8Exception(at - offset, bytes[at] & 0xFF);
        }
        result = decoder.flush(out);
        if (result.isError()) {
            throw new InvalidUtf8Exception(in.position() - offset, bytes[Math.max(offset, in.position() - 1)] & 0xFF);
        }
        out.flip();
        return out.toString();
    }
}
