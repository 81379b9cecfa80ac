package org.petstore.inventory.adapter.http.webhook;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Delete;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Patch;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Post;
import io.micronaut.http.annotation.Produces;
import io.micronaut.http.annotation.QueryValue;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.callbacks.Callback;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.extensions.Extension;
import io.swagger.v3.oas.annotations.extensions.ExtensionProperty;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.parameters.RequestBody;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.net.URI;
import java.util.List;
import java.util.regex.Pattern;
import org.petstore.inventory.adapter.http.body.BodyRefusals;
import org.petstore.inventory.adapter.http.error.ApiException;
import org.petstore.inventory.adapter.http.error.EchoedInput;
import org.petstore.inventory.adapter.http.error.ErrorBody;
import org.petstore.inventory.adapter.http.error.ErrorCode;
import org.petstore.inventory.adapter.http.openapi.ErrorResponses;
import org.petstore.inventory.application.port.inbound.CreatedWebhook;
import org.petstore.inventory.application.port.inbound.DeliveryAttemptView;
import org.petstore.inventory.application.port.inbound.ManageWebhooksUseCase;
import org.petstore.inventory.application.port.inbound.ReadWebhookDeliveriesUseCase;
import org.petstore.inventory.application.port.inbound.TestWebhookUseCase;
import org.petstore.inventory.domain.webhook.WebhookId;

/**
 * The webhook API (experimental): webhook subscriptions created, listed, changed, deleted, their secret rotated,
 * their cursor moved back, a test sent and their delivery log read while the service runs, each route for a key that
 * holds {@code webhooks:admin}. A secret is shown in the answers of a creation and of a rotation, and nowhere else;
 * a receiver's answer is never shown. An id that names no webhook, or is no id at all, is 404.
 */
@Controller(WebhookController.PATH)
@Tag(name = "webhooks")
@ErrorResponses.OfEveryOperation
@ErrorResponses.OfScopedOperation
@Produces(MediaType.APPLICATION_JSON)
@ExecuteOn(TaskExecutors.BLOCKING)
final class WebhookController {

    static final String PATH = "/v1/webhooks";
    static final int DEFAULT_LIMIT = 50;
    private static final Pattern ASCII_INTEGER = Pattern.compile("[0-9]{1,19}");
    private static final String ID = "The webhook's id (whk- and 12 hex digits)";
    private static final String NOT_FOUND = "No webhook has this id";
    private static final String WEBHOOK_ID = "The delivery's id, msg_ and 22 characters: the same for every attempt "
            + "of one delivery; a receiver drops a delivery whose id it has already processed";
    private static final String WEBHOOK_TIMESTAMP = "When this attempt was sent, in seconds since 1970-01-01T00:00Z; "
            + "a receiver refuses one more than 5 minutes away from its clock";
    private static final String WEBHOOK_SIGNATURE = "v1, and the base64 of the HMAC-SHA256 of '<webhook-id>."
            + "<webhook-timestamp>.<body>' keyed with the base64-decoded bytes of the secret after whsec_ "
            + "(Standard Webhooks v1); for 24 hours after a rotation a second one, with the previous secret, "
            + "separated by a space. A receiver accepts the delivery when one of them matches";
    private static final String DELIVERED = "Delivered (any 2xx within 10 s); the next delivery follows";
    private static final String FAILED = "Any other answer, or none within 10 s, is a failure (3xx too: redirects "
            + "are never followed); the delivery is sent again, the same id and body, after 5 s, 5 min, 30 min, 2 h, "
            + "5 h, 10 h, 14 h, 20 h and 24 h (with jitter; PETSTORE_WEBHOOK_RETRY_DELAYS), and the webhook is "
            + "disabled when they run out. 429 and 503 with Retry-After wait that long";
    private static final String GONE = "The receiver wants no more deliveries: the webhook is disabled";

    private final ManageWebhooksUseCase webhooks;
    private final ReadWebhookDeliveriesUseCase deliveries;
    private final TestWebhookUseCase tests;

    WebhookController(ManageWebhooksUseCase webhooks, ReadWebhookDeliveriesUseCase deliveries,
                      TestWebhookUseCase tests) {
        this.webhooks = webhooks;
        this.deliveries = deliveries;
        this.tests = tests;
    }

    @Post
    @Secured("webhooks:admin")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "createWebhook", summary = "Creates a webhook and shows its signing secret, once.",
            description = "Experimental: the receiver at url is sent every change of the stock ledger made after "
                    + "this request, in order, at least once, signed as Standard Webhooks v1 says (see the "
                    + "callbacks). The URL's host is resolved now, and again at every delivery: every address must "
                    + "be public (or in a network of PETSTORE_WEBHOOK_ALLOWED_NETWORKS). The answer is the only "
                    + "place its secret is shown (until a rotation).",
            extensions = @Extension(properties = @ExtensionProperty(name = "x-stability", value = "experimental")))
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = WebhookCreation.class)))
    @ApiResponse(responseCode = "201", description = "The webhook, with its secret", headers =
            @io.swagger.v3.oas.annotations.headers.Header(name = HttpHeaders.LOCATION, description = "The "
                    + "webhook's address, /v1/webhooks/{id}", schema = @Schema(type = "string")),
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = CreatedWebhookResponse.class)))
    @ApiResponse(responseCode = "400", description = "The body is not valid: an unknown member, a URL that is not "
            + "an absolute https:// URL (or has user information or a fragment), a host that resolves to no address "
            + "or to a refused one (private, loopback, link-local, ...), an unknown or repeated event type, a "
            + "description too long; the message names the fix",
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @ErrorResponses.OfJsonBody
    @Callback(name = "inventoryCountUpdated", callbackUrlExpression = "{$request.body#/url}",
            operation = @Operation(method = "post", operationId = "deliverInventoryCountUpdated",
                    summary = "A delivery of inventory.count.updated",
                    description = "Sent for every change of the stock ledger, 1 to 100 a delivery, in order: a "
                            + "delivery is sent only once the one before was acknowledged. A delivery is sent "
                            + "again, as it was formed, until the receiver acknowledges it, so a receiver may see "
                            + "one twice (the same webhook-id).",
                    parameters = {
                        @Parameter(in = ParameterIn.HEADER, name = "webhook-id", required = true,
                                description = WEBHOOK_ID, schema = @Schema(type = "string")),
                        @Parameter(in = ParameterIn.HEADER, name = "webhook-timestamp", required = true,
                                description = WEBHOOK_TIMESTAMP, schema = @Schema(type = "integer",
                                        format = "int64")),
                        @Parameter(in = ParameterIn.HEADER, name = "webhook-signature", required = true,
                                description = WEBHOOK_SIGNATURE, schema = @Schema(type = "string"))},
                    requestBody = @RequestBody(required = true, content = @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = InventoryCountUpdatedEvent.class))),
                    responses = {
                        @ApiResponse(responseCode = "2XX", description = DELIVERED),
                        @ApiResponse(responseCode = "410", description = GONE),
                        @ApiResponse(responseCode = "default", description = FAILED)}))
    @Callback(name = "webhookTest", callbackUrlExpression = "{$request.body#/url}",
            operation = @Operation(method = "post", operationId = "deliverWebhookTest",
                    summary = "A delivery of webhook.test",
                    description = "Sent once, when POST /v1/webhooks/{id}/test asks for it, signed as every "
                            + "delivery; never sent again, whatever the answer.",
                    parameters = {
                        @Parameter(in = ParameterIn.HEADER, name = "webhook-id", required = true,
                                description = WEBHOOK_ID, schema = @Schema(type = "string")),
                        @Parameter(in = ParameterIn.HEADER, name = "webhook-timestamp", required = true,
                                description = WEBHOOK_TIMESTAMP, schema = @Schema(type = "integer",
                                        format = "int64")),
                        @Parameter(in = ParameterIn.HEADER, name = "webhook-signature", required = true,
                                description = WEBHOOK_SIGNATURE, schema = @Schema(type = "string"))},
                    requestBody = @RequestBody(required = true, content = @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = WebhookTestEvent.class))),
                    responses = @ApiResponse(responseCode = "default", description = "The status code, or why "
                            + "there was none, is the answer of POST /v1/webhooks/{id}/test")))
    HttpResponse<CreatedWebhookResponse> createWebhook(@Parameter(hidden = true) @Nullable @Body WebhookCreation body,
                                                       HttpRequest<?> request) {
        WebhookCreation creation = BodyRefusals.sent(body, WebhookBodies.CREATION, request);
        CreatedWebhook created = webhooks.create(creation.command());
        return HttpResponse.created(CreatedWebhookResponse.of(created),
                URI.create(PATH + "/" + created.webhook().id()));
    }

    @Get
    @Secured("webhooks:admin")
    @Operation(operationId = "listWebhooks", summary = "Returns every webhook.",
            description = "Experimental: oldest first, each with its cursor, its state and its last failure; never "
                    + "a secret.",
            extensions = @Extension(properties = @ExtensionProperty(name = "x-stability", value = "experimental")))
    @ApiResponse(responseCode = "200", description = "The webhooks", useReturnTypeSchema = true)
    WebhookListResponse listWebhooks() {
        return new WebhookListResponse(webhooks.list().stream().map(WebhookResponse::of).toList());
    }

    @Get("/{id}")
    @Secured("webhooks:admin")
    @Operation(operationId = "getWebhook", summary = "Returns one webhook.",
            description = "Experimental: with its cursor, its state and its last failure; never its secret.",
            extensions = @Extension(properties = @ExtensionProperty(name = "x-stability", value = "experimental")))
    @ApiResponse(responseCode = "200", description = "The webhook", useReturnTypeSchema = true)
    @ApiResponse(responseCode = "404", description = NOT_FOUND,
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    WebhookResponse getWebhook(@Parameter(description = ID, required = true) @PathVariable("id") String id) {
        return WebhookResponse.of(webhooks.find(WebhookId.parse(id)));
    }

    @Patch("/{id}")
    @Secured("webhooks:admin")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "updateWebhook", summary = "Changes a webhook's URL, events, description or state.",
            description = "Experimental: the members given change, the others stay. A new URL is checked as at "
                    + "creation, and no delivery goes to the old one afterwards. enabled: false stops the "
                    + "deliveries; enabled: true resumes them from the cursor, and nothing is skipped.",
            extensions = @Extension(properties = @ExtensionProperty(name = "x-stability", value = "experimental")))
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = WebhookUpdate.class)))
    @ApiResponse(responseCode = "200", description = "The webhook as changed",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = WebhookResponse.class)))
    @ApiResponse(responseCode = "400", description = "The body is not valid: an unknown member, no member, a URL, "
            + "an event type or a description that is not valid, a host that resolves to a refused address; the "
            + "message names the fix", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @ApiResponse(responseCode = "404", description = NOT_FOUND,
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @ApiResponse(responseCode = "410", description = "CURSOR_EXPIRED: re-enabling, the stock ledger no longer keeps "
            + "the changes after the webhook's cursor (PETSTORE_LEDGER_RETENTION): replay from a newer change first; "
            + "nothing was changed",
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @ErrorResponses.OfJsonBody
    WebhookResponse updateWebhook(@Parameter(description = ID, required = true) @PathVariable("id") String id,
                                  @Parameter(hidden = true) @Nullable @Body WebhookUpdate body,
                                  HttpRequest<?> request) {
        WebhookId webhook = WebhookId.parse(id);
        WebhookUpdate update = BodyRefusals.sent(body, WebhookBodies.UPDATE, request);
        return WebhookResponse.of(webhooks.update(webhook, update.command()));
    }

    @Delete("/{id}")
    @Secured("webhooks:admin")
    @Operation(operationId = "deleteWebhook", summary = "Deletes a webhook.",
            description = "Experimental: with its secrets, its pending delivery and its delivery log; no delivery "
                    + "is sent to it afterwards.",
            extensions = @Extension(properties = @ExtensionProperty(name = "x-stability", value = "experimental")))
    @ApiResponse(responseCode = "204", description = "The webhook is deleted")
    @ApiResponse(responseCode = "404", description = NOT_FOUND,
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    HttpResponse<Void> deleteWebhook(@Parameter(description = ID, required = true) @PathVariable("id") String id) {
        webhooks.delete(WebhookId.parse(id));
        return HttpResponse.noContent();
    }

    @Post("/{id}/secret-rotation")
    @Secured("webhooks:admin")
    @Operation(operationId = "rotateWebhookSecret", summary = "Issues a new signing secret for a webhook.",
            description = "Experimental: for 24 hours every delivery carries two signatures, with the new secret "
                    + "and with the previous one, so that the receiver can switch at any time in between; then only "
                    + "the new one. The answer is the only place the new secret is shown.",
            extensions = @Extension(properties = @ExtensionProperty(name = "x-stability", value = "experimental")))
    @ApiResponse(responseCode = "200", description = "The new secret", useReturnTypeSchema = true)
    @ApiResponse(responseCode = "404", description = NOT_FOUND,
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    RotatedSecretResponse rotateWebhookSecret(
            @Parameter(description = ID, required = true) @PathVariable("id") String id) {
        return RotatedSecretResponse.of(webhooks.rotateSecret(WebhookId.parse(id)));
    }

    @Get("/{id}/deliveries")
    @Secured("webhooks:admin")
    @Operation(operationId = "listWebhookDeliveries", summary = "Returns a webhook's delivery log, newest first.",
            description = "Experimental: every attempt, tests included, with the changes it carried and the "
                    + "receiver's status code or the error; never what was sent or what the receiver answered. The "
                    + "log keeps attempts for a limited time. Page with before: the Link header's rel=\"next\" "
                    + "names the next page while there may be one.",
            extensions = @Extension(properties = @ExtensionProperty(name = "x-stability", value = "experimental")))
    @ApiResponse(responseCode = "200", description = "The attempts, newest first",
            headers = @io.swagger.v3.oas.annotations.headers.Header(name = HttpHeaders.LINK,
                    description = "<...?before=<attemptId>&limit=<n>>; rel=\"next\": the next, older page, when "
                            + "this one is full", schema = @Schema(type = "string")),
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    array = @ArraySchema(schema = @Schema(implementation = DeliveryAttemptResponse.class))))
    @ApiResponse(responseCode = "400", description = "before or limit is not valid",
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @ApiResponse(responseCode = "404", description = NOT_FOUND,
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    HttpResponse<List<DeliveryAttemptResponse>> listWebhookDeliveries(
            @Parameter(description = ID, required = true) @PathVariable("id") String id,
            @Parameter(description = "Only attempts with a smaller attemptId (the last attemptId of the page "
                    + "before)", schema = @Schema(type = "integer", format = "int64", minimum = "1"))
            @Nullable @QueryValue("before") String before,
            @Parameter(description = "How many attempts at most, from 1 to 100 (default 50)",
                    schema = @Schema(type = "integer", minimum = "1",
                            maximum = "100"))
            @Nullable @QueryValue("limit") String limit) {
        WebhookId webhook = WebhookId.parse(id);
        long cursor = before == null ? Long.MAX_VALUE : before(before);
        int size = limit(limit);
        List<DeliveryAttemptView> page = deliveries.deliveries(webhook, cursor, size);
        MutableHttpResponse<List<DeliveryAttemptResponse>> response = HttpResponse.ok(
                page.stream().map(DeliveryAttemptResponse::of).toList());
        if (page.size() == size) {
            response.header(HttpHeaders.LINK, "<" + PATH + "/" + webhook + "/deliveries?before="
                    + page.getLast().attemptId() + "&limit=" + size + ">; rel=\"next\"");
        }
        return response;
    }

    @Post("/{id}/replay")
    @Secured("webhooks:admin")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "replayWebhook", summary = "Delivers a webhook's changes again, after a change.",
            description = "Experimental: the cursor moves to after, so that every change after it is delivered "
                    + "again, in order; the pending delivery is dropped. A disabled webhook stays disabled, with "
                    + "the new cursor.",
            extensions = @Extension(properties = @ExtensionProperty(name = "x-stability", value = "experimental")))
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = WebhookReplay.class)))
    @ApiResponse(responseCode = "200", description = "The webhook, with its new cursor",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = WebhookResponse.class)))
    @ApiResponse(responseCode = "400", description = "The body is not valid: an unknown member, after missing, "
            + "not a whole number, below 0 or beyond the newest change", content = @Content(
                    schema = @Schema(implementation = ErrorBody.class)))
    @ApiResponse(responseCode = "404", description = NOT_FOUND,
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @ApiResponse(responseCode = "410", description = "CURSOR_EXPIRED: the stock ledger no longer keeps the changes "
            + "after after (PETSTORE_LEDGER_RETENTION); replay from a newer change; nothing was changed",
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @ErrorResponses.OfJsonBody
    WebhookResponse replayWebhook(@Parameter(description = ID, required = true) @PathVariable("id") String id,
                                  @Parameter(hidden = true) @Nullable @Body WebhookReplay body,
                                  HttpRequest<?> request) {
        WebhookId webhook = WebhookId.parse(id);
        WebhookReplay replay = BodyRefusals.sent(body, WebhookBodies.REPLAY, request);
        return WebhookResponse.of(webhooks.replay(webhook, replay.afterChangeId()));
    }

    @Post("/{id}/test")
    @Secured("webhooks:admin")
    @Operation(operationId = "testWebhook", summary = "Sends a webhook one webhook.test delivery now.",
            description = "Experimental: signed as any delivery, to the webhook's URL (checked again), enabled or "
                    + "not; sent once, never again, and recorded in the delivery log. It moves neither the cursor "
                    + "nor the pending delivery. The answer says how it went: the receiver's status code or the "
                    + "error, never its answer. It takes up to 10 s.",
            extensions = @Extension(properties = @ExtensionProperty(name = "x-stability", value = "experimental")))
    @ApiResponse(responseCode = "200", description = "How the test delivery went", useReturnTypeSchema = true)
    @ApiResponse(responseCode = "404", description = NOT_FOUND,
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    TestDeliveryResponse testWebhook(@Parameter(description = ID, required = true) @PathVariable("id") String id) {
        return TestDeliveryResponse.of(tests.sendTest(WebhookId.parse(id)));
    }

    /** An attempt-id cursor: an integer from 1 to 9223372036854775807 in ASCII digits, or 400. */
    private static long before(String value) {
        if (ASCII_INTEGER.matcher(value).matches()) {
            try {
                long cursor = Long.parseLong(value);
                if (cursor >= 1) {
                    return cursor;
                }
            } catch (NumberFormatException e) {
                // out of range: refused below
            }
        }
        throw new ApiException(ErrorCode.VALIDATION_FAILED, "before must be an attemptId, an integer from 1 to "
                + "9223372036854775807, got " + EchoedInput.value(value));
    }

    private static int limit(String value) {
        if (value == null) {
            return DEFAULT_LIMIT;
        }
        if (value.length() <= 3 && ASCII_INTEGER.matcher(value).matches()) {
            int limit = Integer.parseInt(value);
            if (limit >= 1 && limit <= ReadWebhookDeliveriesUseCase.MAX_LIMIT) {
                return limit;
            }
        }
        throw new ApiException(ErrorCode.VALIDATION_FAILED, "limit must be an integer from 1 to "
                + ReadWebhookDeliveriesUseCase.MAX_LIMIT + ", got " + EchoedInput.value(value));
    }
}
