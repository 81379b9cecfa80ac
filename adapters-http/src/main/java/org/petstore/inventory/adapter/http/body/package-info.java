/**
 * The strict binding of JSON request bodies, shared by the features whose bodies it reads (the stock changes, the key
 * API): {@link org.petstore.inventory.adapter.http.body.StrictJson} reads a body a feature lists as a
 * {@link org.petstore.inventory.adapter.http.body.BodyShape}, serde binds it with the deserializers of
 * {@link org.petstore.inventory.adapter.http.body.StrictValues}, and
 * {@link org.petstore.inventory.adapter.http.body.BodyRefusals} words every refusal (400, 415). Rule: it knows no
 * feature; a feature's words and values stay in the feature's package.
 */
package org.petstore.inventory.adapter.http.body;
