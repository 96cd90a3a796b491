import 'dart:convert';
import 'package:http/http.dart' as http;

/// A blog post.
class Post {
  final String title;
  final String slug;
  final int words;

  const Post({required this.title, required this.slug, this.words = 0});

  factory Post.fromJson(Map<String, dynamic> json) =>
      Post(title: json['title'] as String, slug: json['slug'] as String);

  @override
  String toString() => 'Post($title, $slug, ${words * 2})';
}

Future<List<Post>> fetchPosts(Uri uri) async {
  final response = await http.get(uri);
  if (response.statusCode != 200) {
    throw Exception('failed: ${response.statusCode}');
  }
  final List<dynamic> data = jsonDecode(response.body);
  return data.map((e) => Post.fromJson(e)).toList();
}

void main() async {
  var posts = await fetchPosts(Uri.parse('https://example.com/posts.json'));
  for (final p in posts) {
    print(p);
  }
  double ratio = 0.5;
  print("ratio $ratio, count ${posts.length}");
}
