/** A Swagger 2.0 spec of our own (YAML): body and form parameters, path-level parameters, a circular schema, a deprecated operation. */
export const PETSTORE_SWAGGER2 = `swagger: "2.0"
info:
  title: Pet Store
  version: "1.0"
  description: Pets, their owners and their categories.
host: petstore.example.com
basePath: /v2
schemes: [https]
consumes: [application/json]
produces: [application/json]
securityDefinitions:
  api_key:
    type: apiKey
    in: header
    name: X-Api-Key
security:
  - api_key: []
paths:
  /pets:
    get:
      operationId: findPets
      summary: Find pets by name
      tags: [pets]
      parameters:
        - name: name
          in: query
          required: true
          type: string
          description: Name or part of a name
      responses:
        "200":
          description: matching pets
          schema:
            type: array
            items:
              $ref: "#/definitions/Pet"
    post:
      operationId: addPet
      summary: Add a pet to the store
      tags: [pets]
      parameters:
        - name: body
          in: body
          required: true
          schema:
            $ref: "#/definitions/NewPet"
      responses:
        "201":
          description: created
          schema:
            $ref: "#/definitions/Pet"
  /pets/{pet_id}:
    parameters:
      - name: pet_id
        in: path
        required: true
        type: integer
    get:
      operationId: getPet
      summary: A pet by id
      tags: [pets]
      responses:
        "200":
          description: the pet
          schema:
            $ref: "#/definitions/Pet"
    delete:
      operationId: deletePet
      summary: Remove a pet
      deprecated: true
      tags: [pets]
      responses:
        "204":
          description: removed
  /pets/{pet_id}/photo:
    post:
      operationId: uploadPhoto
      summary: Upload a photo of a pet
      consumes: [multipart/form-data]
      tags: [photos]
      parameters:
        - name: pet_id
          in: path
          required: true
          type: integer
        - name: caption
          in: formData
          type: string
        - name: file
          in: formData
          required: true
          type: file
      responses:
        "200":
          description: stored
definitions:
  Category:
    type: object
    description: A category of pets; categories nest.
    properties:
      id: { type: integer }
      name: { type: string }
      parent:
        $ref: "#/definitions/Category"
  NewPet:
    type: object
    required: [name]
    properties:
      name: { type: string }
      tag: { type: string }
      category:
        $ref: "#/definitions/Category"
  Pet:
    allOf:
      - $ref: "#/definitions/NewPet"
      - type: object
        required: [id]
        properties:
          id: { type: integer, format: int64 }
`;
