package org.petstore.inventory.adapter.http;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertError;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertHeader;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertJson;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Request bodies with a content coding (RFC 9110 §8.4): gzip and deflate are decoded, with the size limit on the
 * decoded bytes; a body that does not decode is 400; any other coding is 415 with {@code Accept-Encoding}.
 */
@Tag("wall-clock") // it asserts a bound of wall-clock time: no other test class runs beside it (pom.xml)
class ContentCodingsTest extends HttpAdapterTest {

    private static final byte[] UPDATE = "{\"quantity\":7}".getBytes(StandardCharsets.UTF_8);
    private static final String UPDATED = "{\"petId\":1,\"quantity\":7,\"status\":\"available\"}";

    private ApiResponse patch(String contentEncoding, byte[] body) {
        return api.patch("/v1/inventory/1").authorized().header("Content-Encoding", contentEncoding)
                .bytes("application/json", body).send();
    }

    @ParameterizedTest
    @ValueSource(strings = {"gzip", "GZIP", "x-gzip", " gzip "})
    void aGzipBodyIsDecoded(String coding) {
        assertJson(patch(coding, gzip(UPDATE)), 200, UPDATED);
    }

    @Test
    void aDeflateBodyIsDecoded() {
        assertJson(patch("deflate", deflate(UPDATE, false)), 200, UPDATED);
    }

    @Test
    void aRawDeflateBodyIsDecodedToo() {
        assertJson(patch("deflate", deflate(UPDATE, true)), 200, UPDATED);
    }

    @Test
    void chainedCodingsAreDecodedInReverseOrder() {
        assertJson(patch("deflate, gzip", gzip(deflate(UPDATE, false))), 200, UPDATED);
    }

    @ParameterizedTest
    @ValueSource(strings = {"identity", "IDENTITY", "identity, identity", ""})
    void identityIsNoCoding(String coding) {
        assertJson(patch(coding, UPDATE), 200, UPDATED);
    }

    @Test
    void identityInAChainIsSkipped() {
        assertJson(patch("identity, gzip", gzip(UPDATE)), 200, UPDATED);
    }

    @ParameterizedTest
    @ValueSource(strings = {"gzip", "deflate", "x-gzip", "gzip, deflate"})
    void aPlainBodyLabelledWithACodingIs400(String coding) {
        ApiResponse response = patch(coding, UPDATE);

        assertError(response, 400, "BAD_REQUEST", "The request body is not valid " + coding
                + " data: send it encoded as its Content-Encoding says");
        inventory.assertUntouched();
    }

    @Test
    void aTruncatedGzipBodyIs400() {
        byte[] gzipped = gzip(UPDATE);

        assertError(patch("gzip", Arrays.copyOf(gzipped, gzipped.length - 6)), 400, "BAD_REQUEST",
                "The request body is not valid gzip data: send it encoded as its Content-Encoding says");
        inventory.assertUntouched();
    }

    @ParameterizedTest
    @ValueSource(strings = {"br", "zstd", "compress", "x-compress", "snappy", "made-up", "gzip, br", "br, gzip"})
    void anyOtherCodingIs415WithAcceptEncoding(String coding) {
        ApiResponse response = patch(coding, UPDATE);

        String unsupported = coding.contains(",") ? "br" : coding;
        assertError(response, 415, "UNSUPPORTED_MEDIA_TYPE", "The content coding '" + unsupported
                + "' of the request body is not supported: send the body as it is, or with Content-Encoding gzip "
                + "or deflate");
        assertHeader(response, "Accept-Encoding", "gzip, deflate");
        inventory.assertUntouched();
    }

    @Test
    void aContentTypeRefusalAlsoNamesTheAcceptedCodings() {
        ApiResponse response = api.patch("/v1/inventory/1").authorized().body("text/plain", "x").send();

        assertHeader(response, "Accept-Encoding", "gzip, deflate");
    }

    @Test
    void aSmallBodyThatInflatesPastTheLimitIs413WithoutInflatingItAll() {
        byte[] bomb = gzip(("{\"quantity\":7" + " ".repeat(64 * 1024 * 1024) + "}").getBytes(StandardCharsets.UTF_8));
        assertTrue(bomb.length < 100_000, "bomb of " + bomb.length + " bytes");

        long started = System.nanoTime();
        ApiResponse response = patch("gzip", bomb);
        long millis = (System.nanoTime() - started) / 1_000_000;

        assertError(response, 413, "PAYLOAD_TOO_LARGE", "The request body is larger than the limit of 65536 bytes, "
                + "decoded");
        assertTrue(millis < 2_000, "took " + millis + " ms");
        inventory.assertUntouched();
    }

    @Test
    void anEncodedBodyLargerThanTheLimitIs413() {
        byte[] noise = new byte[70 * 1024];
        new Random(13).nextBytes(noise);

        ApiResponse response = patch("gzip", noise);

        assertError(response, 413, "PAYLOAD_TOO_LARGE", "The request body is larger than the limit of 65536 bytes, "
                + "decoded");
        inventory.assertUntouched();
    }

    @Test
    void aDecodedBodyJustUnderTheLimitIsRead() {
        String padded = "{\"quantity\":7" + " ".repeat(60 * 1024) + "}";

        assertJson(patch("gzip", gzip(padded.getBytes(StandardCharsets.UTF_8))), 200, UPDATED);
    }

    @Test
    void anEncodedBodyIsCheckedForTheKeyToo() {
        ApiResponse response = api.patch("/v1/inventory/1").header("Content-Encoding", "gzip")
                .bytes("application/json", gzip(UPDATE)).send();

        assertEquals(401, response.status(), response.toString());
        inventory.assertUntouched();
    }

    @Test
    void anEncodedBodyMayWaitFor100Continue() {
        byte[] gzipped = gzip(UPDATE);
        try (RawConnection connection = api.connect()) {
            ApiResponse interim = connection.send("PATCH /v1/inventory/1 HTTP/1.1\r\nHost: " + api.hostAndPort()
                    + "\r\nAuthorization: Bearer " + ApiClient.KEY + "\r\nContent-Type: application/json\r\n"
                    + "Content-Encoding: gzip\r\nExpect: 100-continue\r\nContent-Length: " + gzipped.length
                    + "\r\n\r\n").readHead();
            ApiResponse response = connection.send(gzipped).read();

            assertAll(() -> assertEquals(100, interim.status()),
                    () -> assertJson(response, 200, UPDATED));
        }
    }

    static byte[] gzip(byte[] data) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (OutputStream gzip = new GZIPOutputStream(out)) {
            gzip.write(data);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    static byte[] deflate(byte[] data, boolean raw) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (OutputStream deflate = new DeflaterOutputStream(out, new Deflater(Deflater.DEFAULT_COMPRESSION, raw))) {
            deflate.write(data);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
